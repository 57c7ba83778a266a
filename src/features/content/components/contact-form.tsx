import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, type FieldPath, type RegisterOptions } from 'react-hook-form';
import type { TextFieldProps } from '@mui/material/TextField';
import { notify } from '@/lib/notify';
import { useLanguage } from '@/lib/language';
import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/api-client';
import { emailProblem, normalizePhone } from '@contract/rules';
import { sendContact, type ContactMessage } from '../api/send-contact';
import { cleanText } from '@contract/text';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
const isField = (key: string): key is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(key);

/**
 * The contact form: checked here first (in the shop's fixed wording), then by
 * the server, whose 422 field errors land under the same fields. What the
 * shopper typed stays until the message is sent.
 */
export function ContactForm() {
  const { t } = useLingui();
  const { control, handleSubmit, reset, setError, formState: { isSubmitting } } = useForm<ContactMessage>({
    defaultValues: { name: '', email: '', phone: '', message: '' },
    mode: 'onTouched',
  });
  const { lang } = useLanguage();
  const send = useMutation({ mutationFn: (message: ContactMessage) => sendContact(message, lang) });

  const required = t`Required`;
  const rules: Record<FieldPath<ContactMessage>, RegisterOptions<ContactMessage>> = {
    name: { validate: (v: string) => (!cleanText(v) ? required : [...cleanText(v)].length < 3 ? t`Must be at least 3 characters.` : true) },
    email: {
      validate: (v: string) => {
        const problem = emailProblem(v);
        return problem === 'field_required' ? required : problem ? t`Invalid email format.` : true;
      },
    },
    phone: { validate: (v: string) => (!v.trim() ? required : normalizePhone(v) ? true : t`Phone number must be 11 digits.`) },
    message: { validate: (v: string) => (!cleanText(v) ? required : [...cleanText(v)].length < 10 ? t`Message must be at least 10 characters.` : true) },
  };

  // Controlled, so MUI's labels know when reset() empties a field.
  const field = (name: FieldPath<ContactMessage>, props: TextFieldProps) => (
    <Controller
      name={name}
      control={control}
      rules={rules[name]}
      render={({ field: { ref, ...input }, fieldState: { error } }) => (
        <TextField {...input} {...props} inputRef={ref} id={`contact-${name}`} error={Boolean(error)} helperText={error?.message} fullWidth required />
      )}
    />
  );

  const onSubmit = handleSubmit(async (values) => {
    send.reset();
    try {
      const message = await send.mutateAsync({
        name: cleanText(values.name),
        email: values.email.trim(),
        phone: normalizePhone(values.phone) ?? values.phone,
        message: cleanText(values.message),
      });
      notify(message, { variant: 'success' });
      reset();
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = Object.entries(error.fields).filter(([key]) => isField(key));
        fields.forEach(([key, messages], i) => {
          if (isField(key)) setError(key, { type: 'server', message: messages[0] }, { shouldFocus: i === 0 });
        });
      }
    }
  });

  // A failure not tied to a field (offline, rate limited, a server error) is said above the button.
  const formError = send.error && !(send.error instanceof ApiError && Object.keys(send.error.fields).some(isField))
    ? send.error.message
    : null;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t`Contact form`} sx={{ display: 'grid', gap: 2 }}>
      {field('name', { label: t`Name`, autoComplete: 'name' })}
      {field('email', { label: t`Email`, type: 'email', autoComplete: 'email' })}
      {field('phone', { label: t`Phone`, type: 'tel', autoComplete: 'tel', slotProps: { htmlInput: { inputMode: 'tel' } } })}
      {field('message', { label: t`Message`, multiline: true, minRows: 4 })}
      {formError && <Alert severity="error" role="alert">{formError}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ justifySelf: 'start' }}>
        {isSubmitting ? t`Sending…` : t`Send message`}
      </Button>
    </Box>
  );
}
