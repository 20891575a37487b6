import { DashboardOutlined, InboxOutlined, SettingOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { dashboardPath, type ProtectedArea, paths } from '../../app/paths';

/** Side navigation. Later issues add their screens here. */
export function AppNav({ area, onNavigate }: { area: ProtectedArea; onNavigate?: () => void }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const location = useLocation();
  const items = [
    { key: dashboardPath(area), icon: <DashboardOutlined />, label: t('nav.dashboard') },
    { key: paths.settings, icon: <SettingOutlined />, label: t('nav.settings') },
    { key: paths.devOutbox, icon: <InboxOutlined />, label: t('nav.devOutbox') },
  ];
  const selected = items.find((item) => location.pathname.toLowerCase().startsWith(item.key.toLowerCase()));
  const handleClick = ({ key }: { key: string }) => {
    navigate(key);
    onNavigate?.();
  };
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected.key] : []}
      onClick={handleClick}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
