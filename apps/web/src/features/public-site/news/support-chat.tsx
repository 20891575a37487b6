import { siteEndpoints } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpointQuery } from '../../../lib/api-client';

export function useSiteConfig() {
  return useQuery({ ...endpointQuery(siteEndpoints.config), staleTime: Number.POSITIVE_INFINITY });
}

/**
 * The blog's support chat widget (spec §2.2), loaded only when the operator set
 * SUPPORT_CHAT_SCRIPT; otherwise the page makes no third-party request at all.
 */
export function SupportChat() {
  const src = useSiteConfig().data?.supportChatScript;
  useEffect(() => {
    if (!src || document.querySelector(`script[data-support-chat]`)) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.supportChat = 'true';
    document.body.append(script);
  }, [src]);
  return null;
}
