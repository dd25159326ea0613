import { redirect } from "next/navigation";

const HomePage = () => redirect("/map");

export default HomePage;
