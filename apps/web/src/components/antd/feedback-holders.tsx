import type { useAppProps } from 'antd/es/app/context';
import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect } from 'react';

/**
 * The toast and dialog engines of feedback-app.tsx, mounted the first time a page shows one: their
 * holders render inside the theme, as antd's App renders them, and hand back the calls.
 */
export function FeedbackHolders({ onReady }: { onReady: (feedback: useAppProps) => void }) {
  const [message, messageHolder] = useMessage();
  const [notification, notificationHolder] = useNotification();
  const [modal, modalHolder] = useModal();
  // Effects run after the holders have mounted: a call made now is shown.
  useEffect(() => onReady({ message, notification, modal }), [onReady, message, notification, modal]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
