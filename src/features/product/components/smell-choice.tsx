import { useLingui } from '@lingui/react/macro';
import { SelectField } from '@/components/plain-controls';
import './product-page.css';

interface Props {
  /** the product's smell options, in the page's language */
  smells: readonly string[];
  /** the chosen one, or '' for none yet */
  value: string;
  onChange(smell: string): void;
}

/**
 * The smell of the unit the shopper is about to add. Choosing is optional
 * here: a unit added without one gets it in the cart, as before.
 */
export function SmellChoice({ smells, value, onChange }: Props) {
  const { t } = useLingui();
  if (smells.length === 0) return null;
  return (
    <div className="attar-product-info__choices">
      <SelectField label={t`Smell`} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t`Choose a smell`}</option>
        {smells.map((smell) => <option key={smell} value={smell}>{smell}</option>)}
      </SelectField>
    </div>
  );
}
