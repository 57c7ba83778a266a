import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { ContactForm } from '@/features/content/components/contact-form';
import { usePageTitle } from '@/lib/page-title';
import { withMui } from '@/lib/mui/scope';

function Contact() {
  const { t } = useLingui();
  usePageTitle(t`Contact us`, t`Write to Attar about an order, a product or a gift: we answer by phone or mail.`);
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 1 }}>{t`Contact us`}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>{t`Questions about a perfume or an order? Write to us and we will reply soon.`}</Typography>
      <ContactForm />
    </Box>
  );
}

export default withMui(Contact);
