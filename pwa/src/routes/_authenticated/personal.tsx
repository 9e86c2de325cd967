import { createFileRoute } from '@tanstack/react-router';
import { PersonalPage } from '../../features/personal/personal-page';

export const Route = createFileRoute('/_authenticated/personal')({ component: PersonalPage });
