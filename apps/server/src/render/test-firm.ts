import type { StatementFirm } from './statement-model.js';

/** The afs letterhead as the demo data stores it, for tests that build a statement model by hand. */
export const TEST_FIRM: StatementFirm = {
  siteCode: 'afs',
  name: 'Angel Financial Services',
  shortName: 'AFS',
  accent: '#0e689c',
  address: ['Suite 2801, 28/F, Harbour Centre Tower 1', '8 Harbour Road, Wan Chai, Hong Kong'],
  phone: '+852 2000 8800',
  email: 'enquiry@afs.example.com',
  website: 'www.afs.example.com',
};
