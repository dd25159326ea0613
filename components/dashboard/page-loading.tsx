/** Placeholder while a dashboard page's data loads. */
export const PageLoading = ({ title }: { title: string }) => (
  <section className="page" aria-busy="true">
    <h1>{title}</h1>
    <div className="skeleton-rows">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  </section>
);
