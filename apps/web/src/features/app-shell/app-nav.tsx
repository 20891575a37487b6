import {
  AppstoreAddOutlined,
  BookOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  ContainerOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  EditOutlined,
  FileTextOutlined,
  FormOutlined,
  FundOutlined,
  InboxOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  ProfileOutlined,
  PushpinOutlined,
  RestOutlined,
  SettingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { type admissionEndpoints, type planEndpoints, SHELL_ROUTES } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { theme as antdTheme, Flex, Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { endpointQuery, routed } from '../../lib/api-client';
import {
  type AppPage,
  canCollectFees,
  canManageFees,
  canWorkAdmissions,
  pagesFor,
} from '../../lib/app-pages';
import { type ProtectedArea, paths } from '../../lib/paths';
import { activeAccount, type Session } from '../../lib/session';
import { useBadgeCount } from '../../lib/use-digits';
import { useWording } from '../../lib/use-wording';
import { useWorkAccount } from '../../lib/use-work-account';

// By route: the menu is on every signed-in page's first load (api-client.ts `routed`).
const pendingEndpoint = routed<typeof admissionEndpoints.admissionList>(SHELL_ROUTES.admissionList);
const toolsEndpoint = routed<typeof planEndpoints.tools>(SHELL_ROUTES.tools);

const ICONS: Record<AppPage, ReactNode> = {
  dashboard: <DashboardOutlined />,
  classrooms: <BookOutlined />,
  assessments: <CarryOutOutlined />,
  assignments: <EditOutlined />,
  'question-papers': <FileTextOutlined />,
  reports: <ProfileOutlined />,
  attendance: <CalendarOutlined />,
  students: <SolutionOutlined />,
  admissions: <FormOutlined />,
  fees: <WalletOutlined />,
  money: <FundOutlined />,
  archive: <ContainerOutlined />,
  sms: <MessageOutlined />,
  team: <TeamOutlined />,
  invitations: <MailOutlined />,
  news: <NotificationOutlined />,
  tools: <AppstoreAddOutlined />,
  'recycle-bin': <RestOutlined />,
  billing: <CreditCardOutlined />,
  plans: <TagsOutlined />,
  settings: <SettingOutlined />,
  outbox: <InboxOutlined />,
};

const ATTENDANCE_GROUP = 'attendance-tools';
const EDUCAST_GROUP = 'educast-tools';
/** Menu keys of pinned tools: their page's path behind a prefix, so keys stay unique. */
const PINNED = 'pinned:';

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
  const { t } = useTranslation(['app', 'plans']);
  const navigate = useNavigate();
  const location = useLocation();
  const words = useWording(activeAccount(session)?.accountType);
  const work = useWorkAccount();
  const admissionAccount = work && canWorkAdmissions(work.account) ? work.account : null;
  // The pending count beside "Admissions": one row is enough for the total, and live events on
  // `admission-applications` refetch it when an application arrives or is decided.
  const pending = useQuery({
    ...endpointQuery(pendingEndpoint, {
      params: { accountId: admissionAccount?.id ?? '' },
      query: { status: 'Pending', pageSize: 1 },
    }),
    enabled: admissionAccount !== null,
    select: (answer) => answer.total,
  });
  // Tools pinned on the account being worked on sit at the top of the menu (part 2 §3 pinnedTools).
  const tools = useQuery({
    ...endpointQuery(toolsEndpoint, { params: { accountId: work?.account.id ?? '' } }),
    enabled: !!work && pagesFor(session).includes('tools'),
  });
  const label = (page: AppPage) => {
    // Classrooms and students follow the account type: divisions and players, branches and clients.
    if (page === 'classrooms') return words.cap(words.classrooms);
    if (page === 'students') return words.cap(words.students);
    if (page === 'admissions')
      return <AdmissionsLabel text={t('nav.admissions')} count={pending.data ?? 0} />;
    if (page !== 'team') return t(`nav.${page}`);
    return session.user.profession === 'Admin'
      ? t('nav.teamAdmin', { teachers: words.cap(words.teachers) })
      : t('nav.team');
  };
  const pages = pagesFor(session).filter(
    (page) =>
      (page !== 'admissions' || admissionAccount !== null) &&
      (page !== 'fees' || canCollectFees(work?.account)) &&
      (page !== 'money' || canManageFees(work?.account)) &&
      // Restoring is the owner's and admins' (the server refuses assistants).
      (page !== 'recycle-bin' || work?.account.relation !== 'assistant') &&
      // Question papers are an AI tool: shown where it is installed and a model is configured.
      (page !== 'question-papers' || !!tools.data?.tools.some((tool) => tool.key === 'ai' && tool.usable)),
  );
  // Attendance opens onto its tools: roll call, and (for owners and admins, who add them) the
  // gate's other users, the devices and kiosks page and the kiosk itself (spec part 1 §2.1 routes).
  const attendanceTools = [
    { key: pagePath(area, 'attendance'), label: t('nav.rollCall') },
    { key: `${pagePath(area, 'attendance')}/timetable`, label: t('nav.timetable') },
    ...(work && work.account.relation !== 'assistant'
      ? [
          { key: `${pagePath(area, 'attendance')}/other-users`, label: t('nav.otherUsers') },
          { key: paths.sentinelConnectedDevices, label: t('nav.devices') },
          { key: paths.accessControlQrScanner, label: t('nav.kiosk') },
        ]
      : []),
  ];
  // The lesson videos: the courses, EduCast's recorder and recordings (their own pages), beside
  // assignments for those who manage the account's videos: the teacher and admins, not assistants
  // (video.policy.ts, educast.policy.ts).
  const educastTools =
    work && work.account.relation !== 'assistant'
      ? [
          { key: paths.privateVideoCourse, label: t('nav.videoCourses') },
          { key: paths.recordEducast, label: t('nav.recordEducast') },
          { key: paths.controlEducast, label: t('nav.controlEducast') },
        ]
      : [];
  const pinned = (tools.data?.tools ?? []).filter((tool) => tool.installed?.pinned && tool.usable);
  const items = [
    ...(pinned.length > 0
      ? [
          {
            type: 'group' as const,
            key: 'pinned',
            label: t('nav.pinned'),
            children: pinned.map((tool) => ({
              key: `${PINNED}${pagePath(area, tool.page as AppPage)}`,
              icon: <PushpinOutlined />,
              label: t(`plans:tools.names.${tool.key}`),
            })),
          },
        ]
      : []),
    ...pages.flatMap((page) => [
      page === 'attendance'
        ? { key: ATTENDANCE_GROUP, icon: ICONS[page], label: label(page), children: attendanceTools }
        : { key: pagePath(area, page), icon: ICONS[page], label: label(page) },
      ...(page === 'assignments' && educastTools.length > 0
        ? [
            {
              key: EDUCAST_GROUP,
              icon: <VideoCameraOutlined />,
              label: t('nav.educast'),
              children: educastTools,
            },
          ]
        : []),
    ]),
  ];
  const current = location.pathname.toLowerCase();
  // The longest matching key wins: the timetable's and the gate people's paths start with roll call's.
  const selected = [...items, ...attendanceTools]
    .filter(
      (item) =>
        item.key !== ATTENDANCE_GROUP &&
        item.key !== EDUCAST_GROUP &&
        current.startsWith(item.key.toLowerCase()),
    )
    .sort((a, b) => b.key.length - a.key.length)[0];
  const handleClick = ({ key }: { key: string }) => {
    navigate(key.startsWith(PINNED) ? key.slice(PINNED.length) : key);
    onNavigate?.();
  };
  return (
    <nav aria-label={t('nav.title')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected.key] : []}
        defaultOpenKeys={attendanceTools.some((tool) => tool.key === selected?.key) ? [ATTENDANCE_GROUP] : []}
        onClick={handleClick}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
}

/**
 * The menu label with the number of applications waiting (none shown at zero), drawn as Ant
 * Design's small Badge draws it: Badge and its counting animation stay off the signed-in first
 * load (spec part 1 §2.3 "Loading by role").
 */
function AdmissionsLabel({ text, count }: { text: string; count: number }) {
  const badgeCount = useBadgeCount();
  const { token } = antdTheme.useToken();
  const shown = count > 0;
  return (
    <Flex align="center" justify="space-between" gap={8} component="span">
      <span>{text}</span>
      <span
        data-testid="admissions-badge"
        style={
          shown
            ? {
                minWidth: token.fontSizeSM + 2,
                height: token.fontSizeSM + 2,
                paddingInline: 4,
                borderRadius: token.fontSizeSM,
                background: token.colorError,
                color: token.colorTextLightSolid,
                fontSize: token.fontSizeSM,
                lineHeight: `${token.fontSizeSM + 2}px`,
                textAlign: 'center',
                boxShadow: `0 0 0 1px ${token.colorBgContainer}`,
              }
            : undefined
        }
      >
        {shown ? badgeCount(count) : null}
      </span>
    </Flex>
  );
}
