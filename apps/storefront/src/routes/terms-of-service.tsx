import { createFileRoute } from '@tanstack/react-router';
import { TermsOfService } from '../features/legal/terms-of-service.tsx';

export const Route = createFileRoute('/terms-of-service')({
  component: TermsOfService,
});
