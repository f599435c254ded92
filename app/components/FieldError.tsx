/** Why a form was refused, read out as soon as it appears; nothing while there is no error. */
export function FieldError({ error, id }: { error: string | null | undefined; id?: string }) {
  return error ? (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}
