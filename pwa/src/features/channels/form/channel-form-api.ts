import type { useZodForm } from '../../../components/form/use-zod-form';
import type { ChannelFormValues, ChannelSubmit } from '../channel-form-schema';

/** What every drawer section gets: the form's values, setters and errors. */
export type ChannelFormApi = ReturnType<typeof useZodForm<ChannelFormValues, ChannelSubmit>>;

export interface SectionProps {
  form: ChannelFormApi;
  creating: boolean;
}
