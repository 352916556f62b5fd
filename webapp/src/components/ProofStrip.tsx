// The social-proof strip: the figures the server counted (each above its threshold); none, no strip.
export function ProofStrip(props: { items: readonly { value: string; label: string }[] | undefined; testId: string }) {
  if (!props.items?.length) return null;
  return (
    <section
      className="stats"
      aria-label="В цифрах"
      data-testid={props.testId}
      style={{ gridTemplateColumns: `repeat(${props.items.length}, 1fr)` }}
    >
      {props.items.map((st) => (
        <div className="stat" key={st.label}>
          <strong>{st.value}</strong>
          <span>{st.label}</span>
        </div>
      ))}
    </section>
  );
}

/** Published reviews: only those their authors allowed and an operator published. */
export function Reviews(props: { reviews: readonly { id: number; rating: number; text: string | null; name: string }[] }) {
  if (!props.reviews.length) return null;
  return (
    <section className="section" data-testid="reviews">
      <h2 className="section-title">Отзывы</h2>
      {props.reviews.map((r) => (
        <figure className="quote" key={r.id} data-testid="review">
          {r.text && <blockquote>«{r.text}»</blockquote>}
          <figcaption>
            <span className="stars" role="img" aria-label={`${r.rating} из 5`}>
              {'★'.repeat(r.rating)}
              {'☆'.repeat(5 - r.rating)}
            </span>{' '}
            {r.name}
          </figcaption>
        </figure>
      ))}
    </section>
  );
}
