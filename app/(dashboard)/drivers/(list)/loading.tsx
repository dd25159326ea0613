import { PageLoading } from "@/components/dashboard/page-loading";

const Loading = () => <PageLoading title="Drivers" />;

export default Loading;
