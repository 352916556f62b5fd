// The message under a natal form field (its id ties it to the field's aria-describedby).
export const fieldErrorId = (ids: string, field: string) => `${ids}-${field}-error`;

export function FieldError(props: { ids: string; field: string; message: string | undefined }) {
  if (!props.message) return null;
  return (
    <p className="field-error" role="alert" data-testid={`error-${props.field}`} id={fieldErrorId(props.ids, props.field)}>
      {props.message}
    </p>
  );
}
