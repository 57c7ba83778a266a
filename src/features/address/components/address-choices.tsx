import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { Address } from '../api/get-addresses';
import { AddressLines } from './address-lines';

interface Props {
  addresses: Address[];
  value: number | null;
  onChange(id: number): void;
  /** the id of the element that names the group (a heading) */
  labelledBy: string;
  error?: string;
}

/** The saved addresses as one radio group, each option showing the whole address. */
export function AddressChoices({ addresses, value, onChange, labelledBy, error }: Props) {
  const errorId = `${labelledBy}-error`;
  return (
    <Box>
      <RadioGroup
        aria-labelledby={labelledBy}
        aria-describedby={error ? errorId : undefined}
        value={value === null ? '' : String(value)}
        onChange={(_event, v) => onChange(Number(v))}
        sx={{ display: 'grid', gap: 1.5 }}
      >
        {addresses.map((a) => (
          <FormControlLabel
            key={a.id}
            value={String(a.id)}
            control={<Radio sx={{ alignSelf: 'start' }} />}
            label={<AddressLines address={a} />}
            sx={{
              m: 0,
              p: 1.5,
              paddingInlineEnd: 2,
              alignItems: 'flex-start',
              border: 1,
              borderRadius: 2,
              borderColor: value === a.id ? 'primary.main' : 'divider',
              bgcolor: value === a.id ? 'rgba(91, 58, 30, 0.04)' : 'background.paper',
            }}
          />
        ))}
      </RadioGroup>
      {error && <FormHelperText id={errorId} error role="alert" sx={{ mx: 0, mt: 1, fontSize: '0.9rem' }}>{error}</FormHelperText>}
    </Box>
  );
}
