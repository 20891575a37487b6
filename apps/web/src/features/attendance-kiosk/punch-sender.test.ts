import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import type { PunchAnswer, QueuedPunch } from './punch-queue';
import { PunchSender, type SenderState } from './punch-sender';
import type { PunchStore } from './punch-store';

/**
 * The offline queue's replay (the attendance capability acceptance "offline queue replay"): the sender against a
 * store kept in memory (IndexedDB itself is exercised by e2e/tests/attendance-kiosk.spec.ts) and
 * a stand-in for the server that keeps punches once per client id, as the real route does.
 */

function memoryStore(): PunchStore & { rows: Map<string, QueuedPunch> } {
  const rows = new Map<string, QueuedPunch>();
  const mine = (key: string) =>
    [...rows.values()].filter((row) => row.deviceKey === key).sort((a, b) => a.at - b.at);
  return {
    rows,
    add: async (punch) => void rows.set(punch.clientId, punch),
    oldest: async (key, limit) => mine(key).slice(0, limit),
    remove: async (ids) => ids.forEach((id) => void rows.delete(id)),
    count: async (key) => mine(key).length,
  };
}

type Mode = 'up' | 'down' | 'answer-lost' | 'bad-key' | 'refuse-poison';

function standInServer() {
  const recorded = new Map<string, QueuedPunch>();
  const server = {
    mode: 'up' as Mode,
    requests: 0,
    recorded,
    async post(punches: readonly QueuedPunch[]): Promise<PunchAnswer[]> {
      server.requests += 1;
      if (server.mode === 'down') throw new ApiError(0, NETWORK_ERROR, 'unreachable');
      if (server.mode === 'bad-key') throw new ApiError(401, 'KIOSK_KEY_INVALID', 'bad key');
      if (server.mode === 'refuse-poison' && punches.some((p) => p.code === 'poison'))
        throw new ApiError(400, 'VALIDATION', 'bad body');
      const answers = punches.map((p): PunchAnswer => {
        const known = recorded.has(p.clientId);
        if (!known) recorded.set(p.clientId, p);
        return { clientId: p.clientId, outcome: known ? 'duplicate' : 'recorded', direction: 'entry' };
      });
      if (server.mode === 'answer-lost') throw new ApiError(0, NETWORK_ERROR, 'connection reset');
      return answers;
    },
  };
  return server;
}

function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    pending,
    setTimer: (run: () => void, ms: number) => {
      const id = next++;
      pending.set(id, { run, ms });
      return id;
    },
    clearTimer: (id: unknown) => void pending.delete(id as number),
    /** Runs the retry timers (not the answer waits), as if their time had come. */
    fireRetries() {
      for (const [id, timer] of [...pending]) {
        if (timer.ms > 10_000_000) continue;
        pending.delete(id);
        timer.run();
      }
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const punchOf = (i: number, key = 'kiosk-1', code = `card-${i}`): QueuedPunch => ({
  clientId: `id-${key}-${i}`,
  deviceKey: key,
  code,
  via: 'rfid',
  at: 1_000 + i,
});

function setUp() {
  const store = memoryStore();
  const server = standInServer();
  const timers = manualTimers();
  const states: SenderState[] = [];
  const sender = new PunchSender({
    store,
    deviceKey: 'kiosk-1',
    post: (punches) => server.post(punches),
    onState: (state) => states.push(state),
    random: () => 0.5,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
  });
  const last = () => states.at(-1)!;
  return { store, server, timers, sender, last };
}

describe('PunchSender', () => {
  it('keeps punches while the server is unreachable and sends each once when it returns', async () => {
    const { store, server, timers, sender, last } = setUp();
    server.mode = 'down';
    for (let i = 0; i < 5; i += 1) {
      await store.add(punchOf(i));
      sender.wake();
      await settle();
    }
    expect(last()).toMatchObject({ waiting: 5, reachable: false });
    expect(server.recorded.size).toBe(0);
    expect(timers.pending.size).toBe(1);

    server.mode = 'up';
    timers.fireRetries();
    await settle();
    await settle();
    expect(last()).toMatchObject({ waiting: 0, reachable: true });
    expect([...server.recorded.keys()].sort()).toEqual([0, 1, 2, 3, 4].map((i) => `id-kiosk-1-${i}`));
  });

  it('resends a batch whose answer was lost and the server keeps it once', async () => {
    const { store, server, timers, sender, last } = setUp();
    for (let i = 0; i < 3; i += 1) await store.add(punchOf(i));
    server.mode = 'answer-lost';
    sender.wake();
    await settle();
    expect(last()).toMatchObject({ waiting: 3, reachable: false });
    expect(server.recorded.size).toBe(3);

    server.mode = 'up';
    timers.fireRetries();
    await settle();
    await settle();
    expect(last().waiting).toBe(0);
    expect(server.recorded.size).toBe(3);
    expect(store.rows.size).toBe(0);
  });

  it('starts where a previous page left off (punches already in the store)', async () => {
    const { store, server, sender, last } = setUp();
    for (let i = 0; i < 120; i += 1) await store.add(punchOf(i));
    await store.add(punchOf(1, 'another-kiosk'));
    sender.wake();
    await settle();
    await settle();
    expect(last().waiting).toBe(0);
    expect(server.recorded.size).toBe(120);
    // 120 punches go in batches of 50; the other kiosk's punch is not this page's to send.
    expect(server.requests).toBe(3);
    expect(store.rows.size).toBe(1);
  });

  it('backs off, doubling, while the server stays away, and resets when the browser is online', async () => {
    const { store, server, timers, sender } = setUp();
    server.mode = 'down';
    await store.add(punchOf(1));
    sender.wake();
    await settle();
    const delays: number[] = [[...timers.pending.values()][0]!.ms];
    for (let i = 0; i < 3; i += 1) {
      timers.fireRetries();
      await settle();
      delays.push([...timers.pending.values()][0]!.ms);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000]);
    sender.online();
    await settle();
    expect([...timers.pending.values()][0]!.ms).toBe(1_000);
  });

  it('answers a waiting scan with the server answer, or null at once when the send fails', async () => {
    const { store, server, sender } = setUp();
    await store.add(punchOf(1));
    const answer = sender.answerFor('id-kiosk-1-1', 5_000);
    sender.wake();
    expect(await answer).toMatchObject({ outcome: 'recorded', direction: 'entry' });

    server.mode = 'down';
    await store.add(punchOf(2));
    const none = sender.answerFor('id-kiosk-1-2', 5_000);
    sender.wake();
    expect(await none).toBeNull();
  });

  it('gives up waiting for an answer that does not come in time', async () => {
    const store = memoryStore();
    const timers = manualTimers();
    const sender = new PunchSender({
      store,
      deviceKey: 'kiosk-1',
      post: () => new Promise<never>(() => undefined),
      onState: () => undefined,
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    await store.add(punchOf(1));
    const none = sender.answerFor('id-kiosk-1-1', 4_000);
    sender.wake();
    await settle();
    const [id, wait] = [...timers.pending].find(([, timer]) => timer.ms === 4_000)!;
    timers.pending.delete(id);
    wait.run();
    expect(await none).toBeNull();
  });

  it('tells who holds each settled code', async () => {
    const store = memoryStore();
    const settled: string[] = [];
    const sender = new PunchSender({
      store,
      deviceKey: 'kiosk-1',
      post: async (punches) =>
        punches.map((p) => ({
          clientId: p.clientId,
          outcome: 'recorded' as const,
          student: { id: 's1', name: `Holder of ${p.code}`, photoUrl: null },
        })),
      onState: () => undefined,
      onSettled: (punch, answer) => settled.push(`${punch.code}=${answer.student?.name}`),
    });
    await store.add(punchOf(7));
    sender.wake();
    await settle();
    await settle();
    expect(settled).toEqual(['card-7=Holder of card-7']);
  });

  it('stops sending for a refused key and keeps the punches', async () => {
    const { store, server, timers, sender, last } = setUp();
    await store.add(punchOf(1));
    server.mode = 'bad-key';
    sender.wake();
    await settle();
    expect(last()).toMatchObject({ keyRefused: true, waiting: 1 });
    expect(timers.pending.size).toBe(0);
    sender.wake();
    await settle();
    expect(server.requests).toBe(1);
  });

  it('drops only the one punch the server calls malformed and sends the rest', async () => {
    const { store, server, sender, last } = setUp();
    for (let i = 0; i < 8; i += 1) await store.add(punchOf(i, 'kiosk-1', i === 5 ? 'poison' : `card-${i}`));
    server.mode = 'refuse-poison';
    sender.wake();
    for (let i = 0; i < 10; i += 1) await settle();
    expect(last()).toMatchObject({ waiting: 0, refused: 1 });
    expect(server.recorded.size).toBe(7);
    expect(server.recorded.has('id-kiosk-1-5')).toBe(false);
  });
});
