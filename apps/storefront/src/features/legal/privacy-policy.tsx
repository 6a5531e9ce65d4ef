import { Link } from '@tanstack/react-router';
import { COMPANY, SUPPORT_EMAIL } from '../site/company.ts';
import { useSiteInfo } from '@store/shell';
import { CompanyAddress, LegalDocument, type LegalSection } from './legal-document.tsx';
import { LEGAL_FACTS } from './legal-facts.ts';

const { analyticsRetention, governingLaw, minimumAge, purchaseRecordsYears } = LEGAL_FACTS;

/** The Privacy Policy (spec: legal pages): what the shop keeps, why, for how long, and the shopper's rights. */
export function PrivacyPolicy() {
  const siteName = useSiteInfo().site_name;
  const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

  const sections: LegalSection[] = [
    {
      id: 'who-we-are',
      title: 'Who we are',
      content: (
        <>
          <p>
            {siteName} is operated by <strong>{COMPANY.businessName}</strong>, owned by {COMPANY.owner}. We are the controller of the
            personal data described in this policy. You can reach us at {mail} or by post:
          </p>
          <CompanyAddress lines={[COMPANY.businessName, ...COMPANY.address]} />
        </>
      ),
    },
    {
      id: 'data-we-collect',
      title: 'The data we collect',
      content: (
        <ul>
          <li>
            <strong>Account data:</strong> your username, email address and password (stored only as a secure hash).
          </li>
          <li>
            <strong>Order data:</strong> the products you buy, amounts, dates, and the invoice details you give us (name, email, address,
            city, country).
          </li>
          <li>
            <strong>Payment data:</strong> payments are handled by PayPal; we receive a payment reference and status, never your card or
            bank details.
          </li>
          <li>
            <strong>Technical and analytics data:</strong> your IP address, browser and device type, and how the Store is used, to keep it
            secure and to improve it.
          </li>
          <li>
            <strong>Support messages:</strong> what you write to us and our replies.
          </li>
        </ul>
      ),
    },
    {
      id: 'how-we-use-it',
      title: 'How we use your data',
      content: (
        <ul>
          <li>To create and run your account, take payment and deliver your products (performance of our contract with you).</li>
          <li>To keep tax and accounting records (legal obligation).</li>
          <li>To prevent fraud, secure the Store and understand how it is used (our legitimate interests).</li>
          <li>
            To send you service emails about your orders. We send marketing only if you have agreed to it, and you can withdraw at any time.
          </li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      content: (
        <p>
          We share data only with the providers that run the Store for us: PayPal (payments), CoinGate once crypto payments are available,
          our email provider and our hosting provider. Each may use it only to provide their service to us. We never sell your personal
          data. Where a provider is outside the United Kingdom, the transfer is protected by adequacy regulations or standard contractual
          clauses.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      content: (
        <ul>
          <li>
            <strong>Purchase records</strong> (orders, invoices, payment references) are kept for{' '}
            <strong>{purchaseRecordsYears} years</strong>, to meet tax and accounting duties.
          </li>
          <li>
            <strong>Analytics data</strong> is kept for <strong>{analyticsRetention}</strong>, then deleted or anonymised.
          </li>
          <li>Account data is kept while your account is open and deleted when you close it, except what purchase records must keep.</li>
          <li>Support messages are kept as long as needed to help you and to handle any follow-up.</li>
        </ul>
      ),
    },
    {
      id: 'browser-storage',
      title: 'Cookies and browser storage',
      content: (
        <p>
          The Store keeps your sign-in session and your cart in your browser&apos;s local storage so that they survive a page reload. These
          items are strictly necessary for the Store to work. Signing out removes the session; you can clear the rest in your browser&apos;s
          settings.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      content: (
        <>
          <p>Under the UK GDPR you have the right to:</p>
          <ul>
            <li>access the personal data we hold about you and get a copy of it;</li>
            <li>have inaccurate data corrected, and have data erased where we no longer need it;</li>
            <li>restrict or object to how we use it, and receive it in a portable format;</li>
            <li>withdraw a consent you gave, at any time.</li>
          </ul>
          <p>
            Write to {mail} to use these rights; we answer within one month. You may also complain to the Information Commissioner&apos;s
            Office (ico.org.uk).
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      content: (
        <p>
          The Store is not meant for anyone under <strong>{minimumAge}</strong>: you must be at least {minimumAge} years old to create an
          account or buy from us, and we do not knowingly collect data about younger children. If you believe a child under {minimumAge} has
          given us their data, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      content: (
        <p>
          Passwords are stored only as strong one-way hashes, connections to the Store are encrypted, and access to personal data is limited
          to the people who need it to run the Store.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <p>
          We may update this policy; the date at the top shows the latest version. Our <Link to="/terms-of-service">Terms of Service</Link>{' '}
          set out the rules for buying from the Store.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      content: (
        <p>
          This policy and any dispute about it are governed by the law of <strong>{governingLaw}</strong>.
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Privacy Policy"
      intro={<p>How {siteName} collects, uses and protects your personal data, and the choices you have.</p>}
      sections={sections}
    />
  );
}
