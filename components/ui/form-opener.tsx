// No "use client": the pages (server components) read CREATE_PARAMETER; FormOpener is rendered by client components.
/** The `?create` a page reads to render its create form open (see FormOpener). */
export const CREATE_PARAMETER = "create";

/**
 * A page's "create" button: once the page is ready it opens the form in place; before that (or
 * without a script) it is a link that loads the page with the form already open, so a click is never lost.
 */
export const FormOpener = ({ label, onOpen }: { label: string; onOpen: () => void }) => (
  <a
    href={`?${CREATE_PARAMETER}`}
    role="button"
    className="button-primary"
    onClick={(event) => {
      event.preventDefault();
      onOpen();
    }}
  >
    {label}
  </a>
);
