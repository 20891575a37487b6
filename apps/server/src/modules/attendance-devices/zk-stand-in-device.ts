import { type CommandResult, deviceLocalTime, ICLOCK_TIMING, parseCommandLines } from './iclock-protocol';

/**
 * A stand-in ZKTeco device for tests, demos and `npm run zk-device`: it speaks the ADMS / iclock
 * PUSH protocol over real HTTP as a device does (research/integrations.md §4.1) — handshake,
 * ATTLOG uploads, heartbeats that fetch commands, results posted back — and keeps its own user
 * table, so a card punch arrives as the PIN the server pushed for that card, as on a real device.
 */

export interface StandInUser {
  pin: string;
  name: string;
  card: string;
}

export interface PunchOptions {
  /** In/out mode; 0 check-in (default), 1 check-out, 255 none. */
  status?: number;
  /** Verify code; 1 fingerprint (default), 4 card, 15 face. */
  verify?: number;
  workCode?: string;
}

export interface DeviceReply {
  status: number;
  body: string;
}

export interface PollResult extends DeviceReply {
  /** What the device ran and reported back, in order. */
  results: CommandResult[];
}

export class StandInZkDevice {
  readonly baseUrl: string;
  readonly serial: string;
  /** PIN → user, as DATA UPDATE / DELETE USERINFO commands left it. */
  readonly users = new Map<string, StandInUser>();
  /** The handshake's answer, key by key. */
  options: Record<string, string> = {};
  private stamp = 0;

  constructor(options: { baseUrl: string; serial: string }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.serial = options.serial;
  }

  private url(path: string, query: Record<string, string | number> = {}): string {
    const search = new URLSearchParams({ SN: this.serial });
    for (const [key, value] of Object.entries(query)) search.set(key, String(value));
    return `${this.baseUrl}${path}?${search}`;
  }

  private async send(path: string, query: Record<string, string | number>, body?: string) {
    const res = await fetch(this.url(path, query), {
      method: body === undefined ? 'GET' : 'POST',
      // What firmware sends: plain text, no cookies, no CSRF header.
      headers: body === undefined ? {} : { 'content-type': 'text/plain' },
      body,
    });
    return { status: res.status, body: await res.text() };
  }

  /** `GET /iclock/cdata?options=all`: reads the server's options (Delay, TimeZone, stamps…). */
  async handshake(): Promise<DeviceReply> {
    const reply = await this.send('/iclock/cdata', { options: 'all', pushver: '2.4.1', language: 69 });
    if (reply.status === 200) {
      this.options = {};
      for (const line of reply.body.split(/\r?\n/)) {
        const eq = line.indexOf('=');
        if (eq > 0) this.options[line.slice(0, eq)] = line.slice(eq + 1);
      }
    }
    return reply;
  }

  /** `GET /iclock/cdata?type=time`: the server's clock. */
  time(): Promise<DeviceReply> {
    return this.send('/iclock/cdata', { type: 'time' });
  }

  /** Uploads one punch of a PIN at a device wall time (`YYYY-MM-DD HH:MM:SS`, or a moment). */
  punch(pin: string | number, at: string | number, options: PunchOptions = {}): Promise<DeviceReply> {
    const time = typeof at === 'number' ? deviceLocalTime(at) : at;
    const { status = 0, verify = 1, workCode = '0' } = options;
    return this.upload([[pin, time, status, verify, workCode, 0, 0, 0, 0, 0].join('\t')]);
  }

  /**
   * A card held to the reader: the device finds the card in its own user table and uploads that
   * user's PIN with the card verify code. Null when the card is unknown here (no upload, as on a
   * real device, which just beeps).
   */
  async cardPunch(
    card: string,
    at: string | number,
    options: PunchOptions = {},
  ): Promise<DeviceReply | null> {
    const user = [...this.users.values()].find((u) => u.card !== '' && u.card === card);
    if (!user) return null;
    return this.punch(user.pin, at, { verify: 4, ...options });
  }

  /** Uploads ATTLOG lines as given (odd ones included), as one request. */
  upload(lines: readonly string[] | string): Promise<DeviceReply> {
    const body = typeof lines === 'string' ? lines : `${lines.join('\n')}\n`;
    this.stamp++;
    return this.send('/iclock/cdata', { table: 'ATTLOG', Stamp: this.stamp }, body);
  }

  /** Uploads OPERLOG lines (enrolments and user changes made at the device). */
  operlog(lines: readonly string[]): Promise<DeviceReply> {
    return this.send('/iclock/cdata', { table: 'OPERLOG', OpStamp: this.stamp }, `${lines.join('\n')}\n`);
  }

  /**
   * A heartbeat: `GET /iclock/getrequest`, then runs each command received against the user table
   * and posts every result to `/iclock/devicecmd` in one request, as firmware does.
   */
  async poll(): Promise<PollResult> {
    const reply = await this.send('/iclock/getrequest', {});
    const commands = reply.status === 200 ? parseCommandLines(reply.body) : [];
    const results = commands.map(({ id, command }) => ({ id, ...this.run(command) }));
    if (results.length > 0) {
      const body = results.map((r) => `ID=${r.id}&Return=${r.returnCode}&CMD=${r.cmd}`).join('\n');
      const ack = await this.send('/iclock/devicecmd', {}, `${body}\n`);
      if (ack.status !== 200) throw new Error(`devicecmd answered ${ack.status}: ${ack.body}`);
    }
    return { ...reply, results };
  }

  /** Polls until a heartbeat brings no command (at most `rounds` heartbeats). */
  async pollAll(rounds = 50): Promise<CommandResult[]> {
    const all: CommandResult[] = [];
    for (let i = 0; i < rounds; i++) {
      const { results } = await this.poll();
      if (results.length === 0) break;
      all.push(...results);
    }
    return all;
  }

  /** Seconds between heartbeats the server asked for. */
  get delaySeconds(): number {
    return Number(this.options.Delay) || ICLOCK_TIMING.delaySeconds;
  }

  /** What the firmware does with one command; the CMD it reports is the command's first word. */
  private run(command: string): { returnCode: number; cmd: string } {
    const update = /^DATA UPDATE USERINFO (.*)$/.exec(command);
    if (update) {
      const fields = fieldsOf(update[1]!);
      if (!fields.PIN) return { returnCode: -1002, cmd: 'DATA' };
      this.users.set(fields.PIN, { pin: fields.PIN, name: fields.Name ?? '', card: fields.Card ?? '' });
      return { returnCode: 0, cmd: 'DATA' };
    }
    const remove = /^DATA DELETE USERINFO (.*)$/.exec(command);
    if (remove) {
      const pin = fieldsOf(remove[1]!).PIN;
      if (!pin) return { returnCode: -1002, cmd: 'DATA' };
      this.users.delete(pin);
      return { returnCode: 0, cmd: 'DATA' };
    }
    if (command === 'INFO' || command === 'CHECK') return { returnCode: 0, cmd: command };
    // -1002: the firmware's "unsupported command".
    return { returnCode: -1002, cmd: command.split(' ')[0] ?? '' };
  }
}

function fieldsOf(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of text.split('\t')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return fields;
}
