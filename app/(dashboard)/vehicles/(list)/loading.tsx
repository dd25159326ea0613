import { PageLoading } from "@/components/dashboard/page-loading";

const Loading = () => <PageLoading title="Vehicles" />;

export default Loading;
