import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
// The dropdown alone: antd's index adds the deprecated Dropdown.Button, and Space with it, to the
// frame's first load (spec part 1 §2.3 "Loading by role").
import Dropdown from 'antd/es/dropdown/dropdown';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BRAND } from '../../components/antd/antd-provider';
import { Text } from '../../components/antd/text';
import { type ProtectedArea, paths } from '../../lib/paths';
import type { Session } from '../../lib/session';

function initials(name: string): string {
  // Names only: a parent named after their phone number gets the generic icon instead of "+".
  const parts = name
    .trim()
    .split(/\s+/)
    .filter((part) => /^\p{L}/u.test(part));
  return parts
    .slice(0, 2)
    .map((part) => [...part][0] ?? '')
    .join('')
    .toUpperCase();
}

/** The signed-in person: profile, settings and sign-out. */
export function ProfileMenu({
  session,
  area,
  showName,
}: {
  session: Session;
  area: ProtectedArea;
  showName: boolean;
}) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const { user } = session;
  const letters = initials(user.name);
  const handleClick = ({ key }: { key: string }) => {
    if (key === 'profile') navigate(`/${area}/settings?tab=profile`);
    else if (key === 'settings') navigate(`/${area}/settings`);
    else if (key === 'sign-out') navigate(paths.forceLogout);
  };
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        onClick: handleClick,
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <div style={{ maxWidth: 240 }}>
                <Text strong ellipsis>
                  {user.name}
                </Text>
                <br />
                <Text type="secondary" ellipsis>
                  {user.email ?? user.phone ?? ''}
                </Text>
              </div>
            ),
          },
          { type: 'divider' },
          { key: 'profile', icon: <UserOutlined />, label: t('profileMenu.profile') },
          { key: 'settings', icon: <SettingOutlined />, label: t('profileMenu.settings') },
          { type: 'divider' },
          { key: 'sign-out', icon: <LogoutOutlined />, label: t('profileMenu.signOut'), danger: true },
        ],
      }}
    >
      <Button
        type="text"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 8, height: 40, paddingInline: 6 }}
      >
        {/*
         * Named by its content, not aria-label: the initials and the shown name are hidden from
         * assistive technology and the hidden label says them, so the name a voice user reads on
         * screen is part of the button's name (WCAG 2.5.3).
         */}
        {/* A plain circle: Ant Design's Avatar brings its group's popover onto the first load. */}
        <span
          aria-hidden
          data-testid="profile-picture"
          style={{
            display: 'inline-flex',
            flex: 'none',
            alignItems: 'center',
            justifyContent: 'center',
            width: 30,
            height: 30,
            overflow: 'hidden',
            borderRadius: '50%',
            color: '#fff',
            background: user.avatarUrl ? undefined : BRAND,
          }}
        >
          {user.avatarUrl ? (
            <img src={user.avatarUrl} alt="" width={30} height={30} style={{ objectFit: 'cover' }} />
          ) : (
            letters || <UserOutlined />
          )}
        </span>
        <span className="bw-visually-hidden">{t('profileMenu.open', { name: user.name })}</span>
        {showName ? (
          <Text aria-hidden ellipsis style={{ maxWidth: 140 }}>
            {user.name}
          </Text>
        ) : null}
      </Button>
    </Dropdown>
  );
}
