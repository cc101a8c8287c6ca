import { type SiteInfo, siteCapabilities } from '@portal/contract';
import { isExternalEnabled, siteLinks } from '../lib/site';
import { useT } from './translator';

/**
 * The side panel of the login page: welcome, a security reminder and the help block (docs/product.md, "Sign-in and
 * account screens"): each site its own help, FAQ and contact links (its capabilities), and the Japanese page an
 * inquiry e-mail link. A staff host speaks to staff: no client help, the system administrator for access. A
 * producer-only site (ipc, absg) speaks to advisors: clients cannot sign in there, so its welcome does not promise
 * them their plans.
 */
export function LoginAside({ site }: { site: SiteInfo }) {
  const { t, language } = useT();
  const links = siteLinks(site);
  const forStaff = !isExternalEnabled(site);
  const { loginHelpLinks: offered, hasArea } = siteCapabilities(site.siteCode);
  const helpLinks = forStaff
    ? []
    : [
        ...(offered.includes('help') && links.help
          ? [{ href: links.help, label: t('public:help.help') }]
          : []),
        ...(offered.includes('faq') ? [{ href: links.faq, label: t('public:help.faq') }] : []),
        ...(offered.includes('contactUs')
          ? [{ href: links.contactUs, label: t('public:help.contact') }]
          : []),
      ];
  const showInquiry = language === 'ja' && !forStaff;

  return (
    <aside className="stack stack-xl" aria-labelledby="login-welcome">
      <div className="stack stack-xs">
        <h2 className="title-h3" id="login-welcome">
          {t(forStaff ? 'public:login.staffWelcome' : 'public:login.welcome', { siteName: site.siteName })}
        </h2>
        <p className="text-dimmed">
          {forStaff
            ? t('public:login.staffIntro', { siteName: site.siteName })
            : hasArea('b2c')
              ? t('public:login.intro')
              : t('public:login.producerIntro')}
        </p>
      </div>
      <div className="security-note">
        <span className="theme-icon" aria-hidden="true">
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3z" strokeLinejoin="round" />
            <path d="M9 12l2 2 4-4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <p className="text-sm">{t('public:login.securityNote')}</p>
      </div>
      {(helpLinks.length > 0 || showInquiry) && (
        <section className="stack stack-xs" aria-labelledby="login-help">
          <h2 className="title-h5" id="login-help">
            {t('public:help.title')}
          </h2>
          {helpLinks.length > 0 && (
            <ul className="help-links">
              {helpLinks.map((link) => (
                <li key={link.label}>
                  <a className="anchor text-sm" href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {showInquiry && (
            <p className="text-sm">
              <a className="anchor text-sm" href={`mailto:${links.inquiryEmail}`}>
                {t('public:help.inquiry', { email: links.inquiryEmail })}
              </a>
            </p>
          )}
        </section>
      )}
    </aside>
  );
}
