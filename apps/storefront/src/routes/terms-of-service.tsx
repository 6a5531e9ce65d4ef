import { createFileRoute } from '@tanstack/react-router';
import { TermsOfService } from '../features/legal/terms-of-service.tsx';
import { documentHead } from '../features/seo/route-heads.ts';

export const Route = createFileRoute('/terms-of-service')({
  head: documentHead('Terms of Service', 'The terms of buying and using digital goods and licence keys at this shop.', '/terms-of-service'),
  component: TermsOfService,
});
