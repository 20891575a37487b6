// The ZKTeco ADMS / iclock PUSH protocol as pure text (research/integrations.md
// §4.1): what devices send (ATTLOG and OPERLOG uploads, command results) and what the server
// answers (the options handshake, the time, queued commands). No I/O: the routes, the service and
// the stand-in device all build on these.

/** Bangladesh is UTC+6 all year; devices keep local wall time without an offset. */
const BANGLADESH_OFFSET_MS = 6 * 3_600_000;

/** What the handshake tells a device (seconds). Delay is the getrequest (heartbeat) interval. */
export const ICLOCK_TIMING = { delaySeconds: 10, errorDelaySeconds: 30 } as const;
const PUSH_VERSION = '2.4.1';

/** A PIN as devices write it: a user number (we issue integers; other firmware may use letters). */
const PIN = /^[0-9A-Za-z]{1,24}$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(?::\d{2})?$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what these remove
const CONTROL_RUNS = /[\u0000-\u001f\u007f]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what these remove
const UNSAVABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** One attendance record of an ATTLOG upload. */
export interface AttlogRecord {
  pin: string;
  /** Device wall time, normalised to `YYYY-MM-DD HH:MM:SS` (the dedupe key's second half). */
  localTime: string;
  /** The moment, reading the wall time as Bangladesh time. */
  at: number;
  /** In/out mode: 0 check-in, 1 check-out, 2 break-out, 3 break-in, 4 OT-in, 5 OT-out. */
  status: number | null;
  /** How the user was identified, raw (1 finger, 15 face, 25 palm; card is 2, 3 or 4 by firmware). */
  verify: number | null;
  workCode: string | null;
}

export interface AttlogUpload {
  records: AttlogRecord[];
  /** Lines that are not records (kept to log them); blank lines are neither. */
  rejected: string[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Reads a wall time `YYYY-MM-DD HH:MM[:SS]` (or with `T`), or null when it is no real time. */
export function readLocalTime(text: string): { localTime: string; at: number } | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  // Date.UTC rolls 2026-02-31 over into March: a rolled date was not a real one.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  return {
    localTime: `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`,
    at: utc - BANGLADESH_OFFSET_MS,
  };
}

/** The Bangladesh wall time of a moment, as devices write it: `YYYY-MM-DD HH:MM:SS`. */
export function deviceLocalTime(at: number): string {
  return new Date(at + BANGLADESH_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const optionalInt = (text: string | undefined): number | null => {
  const trimmed = text?.trim() ?? '';
  return /^-?\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
};

/**
 * Parses an ATTLOG upload: one record per line, tab-separated `PIN, time, status, verify,
 * workcode, reserved…`. Firmware varies, so runs of spaces between fields are read too, as is a
 * date and time split into two fields. Lines without a PIN and a real time are rejected, never
 * guessed at.
 */
export function parseAttlog(body: string): AttlogUpload {
  const records: AttlogRecord[] = [];
  const rejected: string[] = [];
  for (const raw of body.split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (!line) continue;
    let fields = line.split('\t').map((f) => f.trim());
    if (fields.length < 2) fields = line.split(/\s+/);
    // `PIN  2026-03-01  08:59:00  0  1`: a date and a time in fields of their own.
    if (DATE.test(fields[1] ?? '') && TIME.test(fields[2] ?? '')) {
      fields = [fields[0]!, `${fields[1]} ${fields[2]}`, ...fields.slice(3)];
    }
    const pin = fields[0] ?? '';
    const time = readLocalTime(fields[1] ?? '');
    if (!PIN.test(pin) || !time) {
      rejected.push(line);
      continue;
    }
    records.push({
      pin,
      ...time,
      status: optionalInt(fields[2]),
      verify: optionalInt(fields[3]),
      workCode: fields[4]?.length ? fields[4] : null,
    });
  }
  return { records, rejected };
}

/**
 * The direction a record's in/out mode states: check-in and overtime-in are entries, check-out
 * and overtime-out exits; break modes and anything else leave it to the toggle rule (the day's
 * previous punch decides).
 */
export function directionOfStatus(status: number | null): 'entry' | 'exit' | undefined {
  if (status === 0 || status === 4) return 'entry';
  if (status === 1 || status === 5) return 'exit';
  return undefined;
}

/** A user the device reports in an OPERLOG line (`USER PIN=…\tName=…\tCard=…`). */
export interface OperlogUser {
  pin: string;
  name: string;
  card: string;
}

/** `key=value` fields of a tab-separated line; the first field may carry a word before it. */
function fieldsOf(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of text.split('\t')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return fields;
}

/**
 * Parses an OPERLOG upload: operation lines (`OPLOG …`), enrolments (`FP PIN=…`, `FACE PIN=…`) and
 * user records (`USER PIN=…`). Only the users are read; the rest is counted.
 */
export function parseOperlog(body: string): { lines: number; users: OperlogUser[] } {
  let lines = 0;
  const users: OperlogUser[] = [];
  for (const raw of body.split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (!line) continue;
    lines++;
    const user = /^USER\s+(.*)$/.exec(line);
    if (!user) continue;
    const fields = fieldsOf(user[1]!);
    if (fields.PIN) users.push({ pin: fields.PIN, name: fields.Name ?? '', card: fields.Card ?? '' });
  }
  return { lines, users };
}

/** A device's report of one command it ran: `ID=…&Return=…&CMD=…`. */
export interface CommandResult {
  id: number;
  /** 0 is success; negative codes are the device's errors. */
  returnCode: number;
  cmd: string;
}

/** Parses a devicecmd body: one result per line; other lines (INFO answers) are skipped. */
export function parseCommandResults(body: string): CommandResult[] {
  const results: CommandResult[] = [];
  for (const raw of body.split(/\r?\n|\r/)) {
    const line = raw.trim();
    if (!line.startsWith('ID=')) continue;
    const params = new URLSearchParams(line);
    const id = optionalInt(params.get('ID') ?? undefined);
    const returnCode = optionalInt(params.get('Return') ?? undefined);
    if (id === null || returnCode === null) continue;
    results.push({ id, returnCode, cmd: params.get('CMD') ?? '' });
  }
  return results;
}

/**
 * The handshake answer (`GET /iclock/cdata?options=all`): the stamps say which records the server
 * already has, Delay how often to ask for commands, TimeZone=6 Bangladesh, Realtime=1 upload each
 * punch as it happens. TransFlag asks for punches and user changes, never photos.
 */
export function optionsReply(serial: string, stamps: { attlog: string; operlog: string }): string {
  return [
    `GET OPTION FROM: ${serial}`,
    `Stamp=${stamps.attlog}`,
    `OpStamp=${stamps.operlog}`,
    'PhotoStamp=0',
    `ErrorDelay=${ICLOCK_TIMING.errorDelaySeconds}`,
    `Delay=${ICLOCK_TIMING.delaySeconds}`,
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=TransData AttLog\tOpLog\tEnrollUser\tChgUser',
    'TimeZone=6',
    'Realtime=1',
    'Encrypt=0',
    `ServerVer=${PUSH_VERSION}`,
    `PushProtVer=${PUSH_VERSION}`,
  ].join('\n');
}

/** The time answer (`GET /iclock/cdata?type=time`): Bangladesh wall time with its offset. */
export function timeReply(now: number): string {
  return `Time=${deviceLocalTime(now).replace(' ', 'T')}+06:00`;
}

/** The getrequest answer: one `C:<id>:<command>` line per command, or `OK` for none. */
export function commandsReply(commands: readonly { id: number; command: string }[]): string {
  if (commands.length === 0) return 'OK';
  return commands.map((c) => `C:${c.id}:${c.command}`).join('\n');
}

/** One command line of a getrequest answer, as a device reads it. */
export function parseCommandLines(reply: string): { id: number; command: string }[] {
  const commands: { id: number; command: string }[] = [];
  for (const line of reply.split(/\r?\n/)) {
    const m = /^C:(\d+):(.*)$/.exec(line);
    if (m) commands.push({ id: Number(m[1]), command: m[2]! });
  }
  return commands;
}

/**
 * A name as a device can hold it: no tabs, line breaks or other control characters (they would
 * end the command's field or line), spaces collapsed, at most 24 characters (the common limit).
 */
export function deviceUserName(name: string): string {
  const clean = name.replace(CONTROL_RUNS, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(clean).slice(0, 24).join('');
}

/**
 * The card number a device matches: the decimal number a USB reader types (`0012345678`), spaces
 * removed. Anything else (hex UIDs, letters) cannot be mapped to the device's card field without
 * knowing the reader's byte order, so the student goes without a card there (finger, face or PIN
 * still work) rather than with a wrong one.
 */
export function deviceCardNumber(rfid: string | null): string {
  const digits = (rfid ?? '').replace(/\s+/g, '');
  return /^\d{1,20}$/.test(digits) ? digits : '';
}

/** Puts a student on the device (or updates them): PIN, name and card, ordinary user, no password. */
export function userInfoCommand(user: { pin: number; name: string; card: string }): string {
  return `DATA UPDATE USERINFO PIN=${user.pin}\tName=${user.name}\tPri=0\tPasswd=\tCard=${user.card}\tGrp=1\tVerify=0`;
}

/** Takes a user off the device. */
export function deleteUserCommand(pin: number): string {
  return `DATA DELETE USERINFO PIN=${pin}`;
}

/** Replaces characters a text body may not carry through the app's text guard (C0 controls but tab and line ends). */
export function cleanBody(body: string): string {
  return body.replace(UNSAVABLE, '').replace(/[\ud800-\udfff]/gu, '');
}
