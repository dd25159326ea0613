import { PageLoading } from "@/components/dashboard/page-loading";
import "@/components/dashboard/dashboard-pages.css";

const Loading = () => <PageLoading title="Reports" />;

export default Loading;
