// The autopay consent under a plan's price: unticked until the user ticks it.
interface Props {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}

export function PayConsent({ id, label, checked, onChange, disabled }: Props) {
  return (
    <label className="consent">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        disabled={disabled}
        data-testid={`${id}-consent`}
      />
      <span data-testid={`${id}-consent-label`}>{label}</span>
    </label>
  );
}
