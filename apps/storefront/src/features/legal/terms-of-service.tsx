import { Link } from '@tanstack/react-router';
import { COMPANY, SUPPORT_EMAIL } from '../site/company.ts';
import { useSiteInfo } from '@store/shell';
import { CompanyAddress, LegalDocument, type LegalSection } from './legal-document.tsx';
import { LEGAL_FACTS } from './legal-facts.ts';

const { governingLaw, minimumAge, refundWindowDays, technicalResolutionHours } = LEGAL_FACTS;

/** The Terms of Service (spec: legal pages): static text with the spec's figures and the company's details. */
export function TermsOfService() {
  const siteName = useSiteInfo().site_name;
  const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

  const sections: LegalSection[] = [
    {
      id: 'agreement',
      title: 'Agreement to these terms',
      content: (
        <>
          <p>
            These Terms of Service govern your use of {siteName} (the &quot;Store&quot;) and every purchase you make in it. The Store is
            operated by <strong>{COMPANY.businessName}</strong>, owned by {COMPANY.owner} (&quot;we&quot;, &quot;us&quot;, &quot;our&quot;).
          </p>
          <p>
            By creating an account, or by placing an order as a guest, you agree to these terms. If you do not agree, please do not use the
            Store.
          </p>
        </>
      ),
    },
    {
      id: 'eligibility',
      title: 'Eligibility',
      content: (
        <p>
          You must be at least <strong>{minimumAge} years old</strong> to create an account or to buy from the Store. By using the Store you
          confirm that you meet this minimum age and that the information you give us is accurate and complete.
        </p>
      ),
    },
    {
      id: 'accounts',
      title: 'Your account',
      content: (
        <ul>
          <li>You are responsible for keeping your password confidential and for everything done with your account.</li>
          <li>Tell us at once at {mail} if you think someone else has used your account.</li>
          <li>We may suspend or close an account that breaks these terms or is used for fraud.</li>
        </ul>
      ),
    },
    {
      id: 'products',
      title: 'Digital products and licences',
      content: (
        <>
          <p>
            The Store sells digital products: AI tools, software, licence keys, plugins, templates and courses. Each product is licensed to
            you, not sold, under the terms of its publisher, for your own use unless the product page says otherwise.
          </p>
          <p>You may not resell, share or publish licence keys or downloads, or use them to break the law or the publisher&apos;s terms.</p>
        </>
      ),
    },
    {
      id: 'prices-and-payment',
      title: 'Prices and payment',
      content: (
        <ul>
          <li>Prices are shown in US dollars (USD) and are the amount charged at checkout.</li>
          <li>
            Payment is taken through PayPal. Cryptocurrency payments through CoinGate and card payments are coming soon and cannot be chosen
            yet.
          </li>
          <li>
            An order is confirmed once the payment provider confirms the payment. We may cancel and refund an order we suspect to be
            fraudulent.
          </li>
        </ul>
      ),
    },
    {
      id: 'delivery',
      title: 'Delivery',
      content: (
        <p>
          Products are delivered as an instant digital download: licence keys and download links are made available as soon as your payment
          is confirmed, on the order page and by email. Nothing is shipped physically.
        </p>
      ),
    },
    {
      id: 'refunds',
      title: 'All sales final and refunds',
      content: (
        <>
          <p>
            <strong>All sales of digital products are final</strong>, except as set out in this section. Because a digital product is
            delivered immediately, you agree when you pay that delivery starts at once and that you lose the right to cancel that would
            otherwise apply under the Consumer Contracts Regulations 2013.
          </p>
          <p>
            You may ask for a refund <strong>within {refundWindowDays} days</strong> of your purchase if:
          </p>
          <ul>
            <li>the product was not delivered, or a licence key is invalid or was already used;</li>
            <li>the product is faulty or materially different from its description, and we cannot fix or replace it.</li>
          </ul>
          <p>
            Write to {mail} with your order number and what went wrong. Approved refunds are paid back to the original payment method. This
            does not affect your statutory rights as a consumer.
          </p>
        </>
      ),
    },
    {
      id: 'support',
      title: 'Technical support',
      content: (
        <p>
          Customer service is available 24/7 at {mail}. We aim to resolve technical issues with a product{' '}
          <strong>within {technicalResolutionHours} hours</strong> of your report. If we cannot, you may ask for a refund as described in
          the refunds section.
        </p>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      content: (
        <ul>
          <li>Do not attempt to access accounts, orders or data that are not yours, or to disrupt the Store.</li>
          <li>Do not use automated means to buy up stock or licence keys.</li>
          <li>Do not upload or send anything unlawful, harmful or infringing.</li>
        </ul>
      ),
    },
    {
      id: 'liability',
      title: 'Liability',
      content: (
        <p>
          Nothing in these terms limits our liability for death or personal injury caused by negligence, for fraud, or for anything that
          cannot be limited by law. Otherwise our total liability for any order is limited to the amount you paid for it, and we are not
          liable for losses that were not foreseeable.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      content: (
        <p>
          We may update these terms. The date at the top shows the latest version; the terms in force when you placed an order apply to that
          order. Our <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle your personal data.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      content: (
        <p>
          These terms are governed by the law of <strong>{governingLaw}</strong>, and the courts of {governingLaw} have jurisdiction over
          any dispute. If you live elsewhere in the United Kingdom or in the EU, you also keep the protection of the mandatory laws of your
          country.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <>
          <p>
            Questions about these terms: {mail}, or by post to {COMPANY.businessName} (owner: {COMPANY.owner}):
          </p>
          <CompanyAddress lines={[COMPANY.businessName, ...COMPANY.address]} />
        </>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Terms of Service"
      intro={<p>The rules for buying and using digital products from {siteName}. Please read them before you place an order.</p>}
      sections={sections}
    />
  );
}
