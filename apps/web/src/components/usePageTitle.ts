import { useEffect } from 'react';
import { useSiteInfo } from '../lib/session';

/** Sets the browser tab title: "{screen} | {site}". */
export function usePageTitle(title: string | undefined): void {
  const site = useSiteInfo();
  useEffect(() => {
    document.title = title ? `${title} | ${site.siteName}` : site.siteName;
  }, [title, site.siteName]);
}
