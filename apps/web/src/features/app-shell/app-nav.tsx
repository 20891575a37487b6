import {
  BookOutlined,
  ContainerOutlined,
  DashboardOutlined,
  InboxOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type AppPage, pagesFor } from '../../lib/app-pages';
import { type ProtectedArea, paths } from '../../lib/paths';
import { activeAccount, type Session } from '../../lib/session';
import { useWording } from '../../lib/use-wording';

const ICONS: Record<AppPage, ReactNode> = {
  dashboard: <DashboardOutlined />,
  classrooms: <BookOutlined />,
  students: <SolutionOutlined />,
  archive: <ContainerOutlined />,
  sms: <MessageOutlined />,
  team: <TeamOutlined />,
  invitations: <MailOutlined />,
  news: <NotificationOutlined />,
  settings: <SettingOutlined />,
  outbox: <InboxOutlined />,
};

export function pagePath(area: ProtectedArea, page: AppPage): string {
  return page === 'outbox' ? paths.devOutbox : `/${area}/${page}`;
}

/** Side navigation by role; names follow the active account's wording (teachers, players…). */
export function AppNav({
  area,
  session,
  onNavigate,
}: {
  area: ProtectedArea;
  session: Session;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const location = useLocation();
  const words = useWording(activeAccount(session)?.accountType);
  const label = (page: AppPage) => {
    // Classrooms and students follow the account type: divisions and players, branches and clients.
    if (page === 'classrooms') return words.cap(words.classrooms);
    if (page === 'students') return words.cap(words.students);
    if (page !== 'team') return t(`nav.${page}`);
    return session.user.profession === 'Admin'
      ? t('nav.teamAdmin', { teachers: words.cap(words.teachers) })
      : t('nav.team');
  };
  const items = pagesFor(session).map((page) => ({
    key: pagePath(area, page),
    icon: ICONS[page],
    label: label(page),
  }));
  const current = location.pathname.toLowerCase();
  const selected = items.find((item) => current.startsWith(item.key.toLowerCase()));
  const handleClick = ({ key }: { key: string }) => {
    navigate(key);
    onNavigate?.();
  };
  return (
    <nav aria-label={t('nav.title')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected.key] : []}
        onClick={handleClick}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
}
