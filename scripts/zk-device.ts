import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { deviceLocalTime } from '../apps/server/src/modules/attendance-devices/iclock-protocol';
import { StandInZkDevice } from '../apps/server/src/modules/attendance-devices/zk-stand-in-device';

/**
 * `npm run zk-device -- --serial CQZ7224460246 [--url http://localhost:8080]`: a stand-in ZKTeco
 * device on the command line. It does the handshake, then sends a heartbeat
 * every Delay seconds, running and acknowledging the commands it gets (its user table is shown
 * by `users`). Type `punch <PIN> [in|out] [verify]` or `card <number> [in|out]` to punch now,
 * `users`, or `quit`. With --punch PIN it punches once and exits.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    serial: { type: 'string' },
    punch: { type: 'string' },
    verify: { type: 'string', default: '1' },
    once: { type: 'boolean', default: false },
  },
});

const say = (line: string) => process.stdout.write(`${line}\n`);

if (!values.serial) {
  say('Usage: npm run zk-device -- --serial <SN> [--url http://localhost:8080] [--punch <PIN>]');
  process.exit(2);
}

const device = new StandInZkDevice({ baseUrl: values.url, serial: values.serial });
const STATUS = { in: 0, out: 1 } as const;

async function punch(pin: string, mode?: string, verify = Number(values.verify)) {
  const status = mode === 'out' ? STATUS.out : mode === 'in' ? STATUS.in : 255;
  const reply = await device.punch(pin, deviceLocalTime(Date.now()), { status, verify });
  say(`punch PIN ${pin} → ${reply.status} ${reply.body}`);
}

async function heartbeat() {
  const reply = await device.poll();
  for (const r of reply.results) say(`command ${r.id} ran (Return=${r.returnCode})`);
  if (reply.status !== 200) say(`heartbeat refused: ${reply.status} ${reply.body}`);
}

const hello = await device.handshake();
say(`handshake → ${hello.status}`);
if (hello.status !== 200) {
  say(hello.body);
  say('Add the serial on /Sentinel-Connected-Devices first.');
  process.exit(1);
}
await heartbeat();
if (values.punch) {
  await punch(values.punch);
  process.exit(0);
}
if (values.once) process.exit(0);

const timer = setInterval(
  () => void heartbeat().catch((err) => say(`heartbeat failed: ${err}`)),
  device.delaySeconds * 1000,
);
say(
  `Connected as ${values.serial}; heartbeat every ${device.delaySeconds} s. Commands: punch <PIN> [in|out] [verify], card <number> [in|out], users, quit`,
);
const input = readline.createInterface({ input: process.stdin });
input.on('line', async (line) => {
  const [command, arg, mode, verify] = line.trim().split(/\s+/);
  try {
    if (command === 'punch' && arg) await punch(arg, mode, verify ? Number(verify) : undefined);
    else if (command === 'card' && arg) {
      const status = mode === 'out' ? STATUS.out : mode === 'in' ? STATUS.in : 255;
      const reply = await device.cardPunch(arg, Date.now(), { status });
      say(reply ? `card ${arg} → ${reply.status} ${reply.body}` : `card ${arg} is not on this device`);
    } else if (command === 'users') {
      // The table lives in this process: a restarted stand-in starts empty ("Sync students" refills it).
      if (device.users.size === 0) say('No users on this device yet; press "Sync students" on the page.');
      for (const user of device.users.values())
        say(`PIN ${user.pin}\t${user.name}\tcard ${user.card || '-'}`);
    } else if (command === 'quit') {
      clearInterval(timer);
      input.close();
    } else if (command) say('Commands: punch <PIN> [in|out] [verify], card <number> [in|out], users, quit');
  } catch (err) {
    say(`failed: ${err}`);
  }
});
