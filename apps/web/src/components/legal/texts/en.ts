import type { LegalCatalog } from '../legal-types';

const en: LegalCatalog = {
  lastUpdated: 'Last updated: 1 January 2025',
  full: {
    disclaimer: {
      summary:
        'Please read this disclaimer carefully before using this website. By accessing or using it you agree to the terms below.',
      sections: [
        {
          heading: 'Offshore and Hong Kong residents only',
          paragraphs: [
            'This website is operated by {siteName} and is intended solely for persons who are resident in Hong Kong or outside the jurisdictions in which the products described are not authorised for distribution ("offshore residents"). It is not directed at, and must not be used by, any person in a jurisdiction where its publication or use would be contrary to local law or regulation.',
            'Persons who access this website from other jurisdictions do so on their own initiative and are responsible for compliance with the laws that apply to them.',
          ],
        },
        {
          heading: 'Not an offer and not financial advice',
          paragraphs: [
            'Nothing on this website constitutes an offer, solicitation, recommendation or invitation to buy or sell any insurance, investment or other financial product, or to enter into any transaction.',
            'The information is provided for general reference only and does not take into account the investment objectives, financial situation or particular needs of any person. It is not financial, investment, legal, tax or insurance advice. You should consult your advisor and read the relevant offering documents and policy provisions before making any decision.',
          ],
        },
        {
          heading: 'Accuracy and timeliness of information',
          paragraphs: [
            'Policy values, fund prices, exchange rates, statements and other figures shown on this website are supplied by product providers and third parties. They may be delayed, estimated or subject to revision, and may differ from the records of the product provider, whose records prevail.',
            'Past performance is not indicative of future performance. The value of investments and the income from them can go down as well as up, and you may not get back the amount invested.',
          ],
        },
        {
          heading: 'No liability',
          paragraphs: [
            'While reasonable care has been taken in preparing this website, {siteName}, its affiliates, officers and employees make no representation or warranty, express or implied, as to the accuracy, completeness or reliability of its content, and accept no liability for any direct, indirect or consequential loss arising from its use or from reliance on its content, to the extent permitted by law.',
            'We do not guarantee that the website will be available without interruption or free from errors, viruses or other harmful components.',
          ],
        },
        {
          heading: 'Third-party links',
          paragraphs: [
            'Links to websites of product providers or other third parties are provided for convenience only. We do not control and are not responsible for the content, security or privacy practices of those websites.',
          ],
        },
        {
          heading: 'Your account and security',
          paragraphs: [
            'You are responsible for keeping your login ID, password and verification codes confidential. Our staff will never ask you for your password or verification code. Please inform us immediately if you suspect any unauthorised use of your account.',
          ],
        },
        {
          heading: 'Governing law',
          paragraphs: [
            'This disclaimer is governed by the laws of the Hong Kong Special Administrative Region. If this disclaimer is translated, the English version prevails in case of any inconsistency.',
          ],
        },
      ],
    },
    privacy: {
      summary:
        '{siteName} respects your privacy. This policy explains what personal data we collect through this portal, why we collect it and how we protect it, in accordance with the Personal Data (Privacy) Ordinance (Cap. 486) of Hong Kong.',
      sections: [
        {
          heading: 'Personal data we collect',
          paragraphs: [
            'We collect the personal data you or your advisor provide to us and that product providers send to us in connection with your plans, including your name, identification or passport number, date of birth, contact details, addresses, policy and account information, and transaction records.',
            'When you use this portal we also record your login ID, the time and address of each sign-in, the pages and documents you request, and security events such as failed sign-in attempts.',
          ],
        },
        {
          heading: 'Purposes of use',
          paragraphs: [
            'We use your personal data to identify you, to give you access to your plans, statements and messages, to administer and service your policies and investments, to communicate with you, to prevent fraud and unauthorised access, to meet our legal and regulatory obligations, and to handle enquiries and complaints.',
            'We do not use your personal data for direct marketing without your separate consent.',
          ],
        },
        {
          heading: 'Disclosure of personal data',
          paragraphs: [
            'Your personal data may be disclosed, on a need-to-know basis and subject to confidentiality obligations, to your servicing advisor, to the product providers of your plans, to our service providers (such as IT, hosting and mailing providers), to our professional advisers, and to regulators, courts or law enforcement agencies when the law requires it. Some of these parties may be located outside Hong Kong.',
          ],
        },
        {
          heading: 'Security and retention',
          paragraphs: [
            'We protect your personal data with technical and organisational measures, including encrypted connections, hashed passwords, one-time verification codes and access controls. No transmission over the internet is completely secure, however, and you use the portal at your own risk.',
            'We keep personal data only for as long as needed for the purposes above and to meet legal, regulatory, tax and accounting requirements. Sign-in and security records are normally kept for no longer than seven years.',
          ],
        },
        {
          heading: 'Your rights of access and correction',
          paragraphs: [
            'You have the right to ask whether we hold personal data about you, to request a copy of that data, and to ask us to correct any data that is inaccurate. We may charge a reasonable fee for processing a data access request, as permitted by law.',
            'Requests should be made in writing to our Data Protection Officer at {contactEmail}.',
          ],
        },
        {
          heading: 'Cookies',
          paragraphs: [
            'This portal uses a strictly necessary session cookie to keep you signed in and to protect your requests against forgery. It expires after a period of inactivity and when you log out. We do not use advertising or third-party tracking cookies. If you block cookies, you will not be able to sign in.',
          ],
        },
        {
          heading: 'Contact us',
          paragraphs: [
            'If you have any question about this policy or about how we handle your personal data, please contact {siteName} at {contactEmail}. We may update this policy from time to time; the current version is always available on this portal.',
          ],
        },
      ],
    },
  },
  short: {
    disclaimer: {
      summary: 'By using this website you accept the following terms.',
      sections: [
        {
          heading: 'Intended audience',
          paragraphs: [
            'This website of {siteName} is intended only for offshore and Hong Kong residents and for the advisors who serve them. It must not be used where its use would breach local law.',
          ],
        },
        {
          heading: 'No offer, no advice',
          paragraphs: [
            'The content is for general information only. It is not an offer or solicitation to buy or sell any financial product and is not financial, investment, legal or tax advice.',
          ],
        },
        {
          heading: 'Information and liability',
          paragraphs: [
            'Figures supplied by product providers may be delayed or revised; the providers’ records prevail. To the extent permitted by law, {siteName} accepts no liability for any loss arising from the use of this website or reliance on its content.',
          ],
        },
      ],
    },
    privacy: {
      summary:
        '{siteName} handles personal data in accordance with the Personal Data (Privacy) Ordinance (Cap. 486) of Hong Kong.',
      sections: [
        {
          heading: 'What we collect and why',
          paragraphs: [
            'We collect identification, contact, policy and sign-in data to give you access to this portal, to service the business you handle, to keep accounts secure and to meet legal obligations. Data may be shared with product providers and service providers under confidentiality obligations, and with authorities where the law requires it.',
          ],
        },
        {
          heading: 'Retention and cookies',
          paragraphs: [
            'We keep data only as long as these purposes and the law require. The portal uses one strictly necessary session cookie and no tracking cookies.',
          ],
        },
        {
          heading: 'Access, correction and contact',
          paragraphs: [
            'You may request access to and correction of your personal data by writing to {contactEmail}.',
          ],
        },
      ],
    },
  },
};

export default en;
