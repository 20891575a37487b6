import pg from 'pg';
import { newId } from '../../lib/ids';
import { type EventBus, type LiveEvent, LocalFanout } from './event-bus';

const CHANNEL = 'batchwise_events';
// NOTIFY payloads are limited to 8000 bytes; big events carry query keys, not data.
const MAX_PAYLOAD = 7900;

interface PgBusOptions {
  url: string;
  schema?: string;
  onError?: (error: Error) => void;
}

/**
 * Events travel through PostgreSQL LISTEN/NOTIFY, so an event published by one API process
 * reaches the browsers connected to every other process. A dedicated connection listens and
 * reconnects after a failure; publishing uses pg_notify, one statement for each turn's events.
 */
export async function createPgEventBus(options: PgBusOptions): Promise<EventBus> {
  const fanout = new LocalFanout();
  // The schema scopes the channel so parallel test databases on one server never cross-talk.
  const channel = options.schema ? `${CHANNEL}_${options.schema}` : CHANNEL;
  const publisher = new pg.Pool({ connectionString: options.url, max: 2 });
  publisher.on('error', () => {});
  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: options.url });
    client.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      try {
        fanout.deliver(JSON.parse(msg.payload) as LiveEvent);
      } catch (error) {
        options.onError?.(error as Error);
      }
    });
    client.on('error', (error) => {
      options.onError?.(error);
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN "${channel}"`);
    listener = client;
  };
  await connect();

  // The events published in one turn of the event loop go out in one statement, in order: under
  // load several saves end in the same turn, and each statement is a round trip to PostgreSQL.
  let batch: { payloads: string[]; sent: Promise<void> } | undefined;
  const notify = (payload: string): Promise<void> => {
    if (!batch) {
      const payloads: string[] = [];
      const sent = new Promise<void>((resolve, reject) => {
        setImmediate(() => {
          batch = undefined;
          publisher
            .query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n', [
              channel,
              payloads,
            ])
            .then(() => resolve(), reject);
        });
      });
      batch = { payloads, sent };
    }
    batch.payloads.push(payload);
    return batch.sent;
  };

  return {
    publish: async (input) => {
      const event: LiveEvent = { ...input, id: newId() };
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        payload = JSON.stringify({ ...event, data: undefined });
      }
      await notify(payload);
      return event;
    },
    subscribe: (channels, fn) => fanout.subscribe(channels, fn),
    replay: (channels, lastId) => fanout.replay(channels, lastId),
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await Promise.allSettled([listener?.end(), publisher.end()]);
    },
  };
}
