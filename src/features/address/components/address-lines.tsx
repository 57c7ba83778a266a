import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLanguage } from '@/lib/language';
import type { Address } from '../api/get-addresses';
import { PhoneNumber } from '@/components/phone-number';

/** One address as the shopper reads it: title, street, city and governorate, phone (in the page's digits, left to right). */
export function AddressLines({ address }: { address: Pick<Address, 'title' | 'address' | 'phone' | 'city' | 'government'> }) {
  const { lang } = useLanguage();
  return (
    <Box component="span" sx={{ display: 'grid', gap: 0.25, textAlign: 'start' }}>
      {/* Typed by the shopper in either language: isolated, so "5 Talaat Harb St" keeps its order in Arabic. */}
      <Typography component="span" sx={{ fontWeight: 700 }}><bdi>{address.title}</bdi></Typography>
      <Typography component="span" variant="body2"><bdi>{address.address}</bdi></Typography>
      <Typography component="span" variant="body2">
        <bdi>{address.city}</bdi>{address.city && address.government ? (lang === 'ar' ? '، ' : ', ') : ''}<bdi>{address.government}</bdi>
      </Typography>
      <Typography component="span" variant="body2" sx={{ justifySelf: 'start' }}><PhoneNumber phone={address.phone} /></Typography>
    </Box>
  );
}
