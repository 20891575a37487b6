import { AntdProvider } from '../../components/antd/antd-provider';
import { OutboxPage } from '../../features/dev-outbox/outbox-page';

/** A lazily loaded route, so Ant Design here never reaches the public pages' first load. */
export function DevOutboxRoute() {
  return (
    <AntdProvider>
      <OutboxPage />
    </AntdProvider>
  );
}
