"use client";

import { PageError } from "@/components/dashboard/page-error";

const ErrorPage = ({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) => (
  <PageError title="Hours of service" error={error} reset={reset} />
);

export default ErrorPage;
