import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicy } from '../features/legal/privacy-policy.tsx';
import { documentHead } from '../features/seo/route-heads.ts';

export const Route = createFileRoute('/privacy-policy')({
  head: documentHead('Privacy Policy', 'What this shop collects about you, why, how long it keeps it, and your rights.', '/privacy-policy'),
  component: PrivacyPolicy,
});
