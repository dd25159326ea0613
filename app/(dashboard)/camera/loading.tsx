import { PageLoading } from "@/components/dashboard/page-loading";

const Loading = () => <PageLoading title="Camera events" />;

export default Loading;
