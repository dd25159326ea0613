"use client";

import { PageError } from "@/components/dashboard/page-error";

const ErrorPage = ({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) => (
  <PageError title="Camera events" error={error} reset={reset} />
);

export default ErrorPage;
