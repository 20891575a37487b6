import type { EventBus, LiveEvent } from '../modules/events/event-bus';
import { until } from './sse';

/**
 * Waits until every event published so far on `channel` has reached `heard`. On PostgreSQL events
 * arrive by NOTIFY after the write has answered, in commit order: once a marker published now has
 * arrived, every earlier event has too, and one that was never sent will not come later either.
 * In memory (SQLite) delivery is immediate.
 */
export async function allDelivered(bus: EventBus, channel: string, heard: readonly LiveEvent[]) {
  const marker = await bus.publish({ channel, type: 'test.delivered' });
  await until(() => heard.some((event) => event.id === marker.id), 'the marker event');
}
