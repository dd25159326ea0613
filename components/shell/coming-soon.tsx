/** A section whose screen is still being built: says what it will show. */
export const ComingSoon = ({ title, children }: { title: string; children: string }) => (
  <section className="page">
    <h1>{title}</h1>
    <p className="muted">{children}</p>
  </section>
);
