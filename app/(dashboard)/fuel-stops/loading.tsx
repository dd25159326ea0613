import { PageLoading } from "@/components/dashboard/page-loading";

const Loading = () => <PageLoading title="Fuel stops" />;

export default Loading;
