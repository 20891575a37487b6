import { describe, expect, it } from 'vitest';
import {
  commandsReply,
  deviceCardNumber,
  deviceLocalTime,
  deviceUserName,
  directionOfStatus,
  optionsReply,
  parseAttlog,
  parseCommandLines,
  parseCommandResults,
  parseOperlog,
  readLocalTime,
  timeReply,
  userInfoCommand,
} from './iclock-protocol';

// The iclock PUSH protocol's text (research/integrations.md §4.1), line by line.

const at = (iso: string) => Date.parse(iso);

describe('ATTLOG uploads', () => {
  it('reads every verify code raw, the in/out mode and the time as Bangladesh time', () => {
    const codes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 25, 200];
    const body = codes.map(
      (v, i) => `${100 + i}\t2026-03-01 08:59:${String(i).padStart(2, '0')}\t0\t${v}\t0\t0\t0\t0\t0\t0`,
    );
    const { records, rejected } = parseAttlog(`${body.join('\r\n')}\r\n`);
    expect(rejected).toEqual([]);
    expect(records.map((r) => r.verify)).toEqual(codes);
    expect(records[0]).toEqual({
      pin: '100',
      localTime: '2026-03-01 08:59:00',
      at: at('2026-03-01T02:59:00Z'),
      status: 0,
      verify: 0,
      workCode: '0',
    });
  });

  it('reads the sample line of the research notes (palm, verify 25)', () => {
    const { records } = parseAttlog('11\t2025-08-27 10:57:49\t0\t25\t0\t0\t0\t0\t0\t0');
    expect(records).toEqual([
      {
        pin: '11',
        localTime: '2025-08-27 10:57:49',
        at: at('2025-08-27T04:57:49Z'),
        status: 0,
        verify: 25,
        workCode: '0',
      },
    ]);
  });

  it('takes odd but readable lines and rejects the rest without guessing', () => {
    const body = [
      '',
      '7 2026-03-01 09:00:00 1 4', // spaces instead of tabs
      '8\t2026-03-01\t09:01:02\t0\t15', // date and time in fields of their own
      '9\t2026-03-01T09:02', // ISO T, no seconds
      '10\t2026-03-01 09:03:00', // nothing after the time
      '   ',
      'garbage',
      '\t2026-03-01 09:00:00\t0\t1', // no PIN
      '11\t2026-02-30 09:00:00\t0\t1', // no such date
      '12\t2026-03-01 24:00:00\t0\t1', // no such hour
      '13\tyesterday\t0\t1',
      '1;4\t2026-03-01 09:00:00\t0\t1', // not a PIN
    ].join('\n');
    const { records, rejected } = parseAttlog(body);
    expect(records.map((r) => [r.pin, r.localTime, r.status, r.verify])).toEqual([
      ['7', '2026-03-01 09:00:00', 1, 4],
      ['8', '2026-03-01 09:01:02', 0, 15],
      ['9', '2026-03-01 09:02:00', null, null],
      ['10', '2026-03-01 09:03:00', null, null],
    ]);
    expect(rejected).toHaveLength(6);
  });

  it('maps the in/out mode to a direction, leaving other modes to the toggle rule', () => {
    expect([0, 4].map(directionOfStatus)).toEqual(['entry', 'entry']);
    expect([1, 5].map(directionOfStatus)).toEqual(['exit', 'exit']);
    expect([2, 3, 255, null].map(directionOfStatus)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('converts wall time and moments both ways', () => {
    expect(readLocalTime('2026-12-31 23:59:59')?.at).toBe(at('2026-12-31T17:59:59Z'));
    expect(deviceLocalTime(at('2026-12-31T18:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(timeReply(at('2026-03-01T02:59:00Z'))).toBe('Time=2026-03-01T08:59:00+06:00');
  });
});

describe('other uploads and the command channel', () => {
  it('reads users out of OPERLOG and counts the rest', () => {
    const body = [
      'OPLOG 4\t0\t2026-03-01 09:00:00\t0\t0\t0\t0',
      'USER PIN=5\tName=Rahim\tPri=0\tPasswd=\tCard=0012345678\tGrp=1\tTZ=0000000100000000',
      'FP PIN=5\tFID=1\tSize=1024\tValid=1\tTMP=AAAA',
    ].join('\n');
    expect(parseOperlog(body)).toEqual({
      lines: 3,
      users: [{ pin: '5', name: 'Rahim', card: '0012345678' }],
    });
  });

  it('reads command results, one per line, skipping info lines', () => {
    const body = 'ID=12&Return=0&CMD=DATA\nID=13&Return=-1002&CMD=DATA\n~DeviceName=K40\nID=x&Return=0\n';
    expect(parseCommandResults(body)).toEqual([
      { id: 12, returnCode: 0, cmd: 'DATA' },
      { id: 13, returnCode: -1002, cmd: 'DATA' },
    ]);
  });

  it('answers commands as C:<id>:<command> lines, or OK', () => {
    expect(commandsReply([])).toBe('OK');
    const reply = commandsReply([
      { id: 1, command: userInfoCommand({ pin: 5, name: 'Rahim', card: '0012345678' }) },
      { id: 2, command: 'DATA DELETE USERINFO PIN=6' },
    ]);
    expect(reply).toBe(
      'C:1:DATA UPDATE USERINFO PIN=5\tName=Rahim\tPri=0\tPasswd=\tCard=0012345678\tGrp=1\tVerify=0\nC:2:DATA DELETE USERINFO PIN=6',
    );
    expect(parseCommandLines(reply).map((c) => c.id)).toEqual([1, 2]);
  });

  it('answers the handshake with the stamps, Bangladesh time zone and real-time uploads', () => {
    const lines = optionsReply('CQZ7224460246', { attlog: '42', operlog: '0' }).split('\n');
    expect(lines[0]).toBe('GET OPTION FROM: CQZ7224460246');
    expect(lines).toEqual(
      expect.arrayContaining(['Stamp=42', 'OpStamp=0', 'TimeZone=6', 'Realtime=1', 'Delay=10', 'Encrypt=0']),
    );
  });

  it('keeps names and cards to what a device can hold', () => {
    expect(deviceUserName('  Rahim\tUddin\nKhan  ')).toBe('Rahim Uddin Khan');
    expect(deviceUserName('মোহাম্মদ আব্দুল্লাহ আল মামুন চৌধুরী')).toHaveLength(24);
    expect(deviceCardNumber(' 0012 345678 ')).toBe('0012345678');
    expect(deviceCardNumber('04:A2:1B:7C')).toBe('');
    expect(deviceCardNumber(null)).toBe('');
  });
});
