import { PageLoading } from "@/components/dashboard/page-loading";

const Loading = () => <PageLoading title="Driver hours of service" />;

export default Loading;
