"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { ClientButton } from "@/components/ui/client-button";

type Problem = { line: number; message: string };
type Preview = { rows: number; existing: number; problems: Problem[] };
type ImportResult = { imported: true; created: number; updated: number } | { imported: false; problems: Problem[] };

type State =
  | { step: "choose"; error?: string }
  | { step: "checked"; csv: string; fileName: string; preview: Preview; error?: string }
  | { step: "done"; created: number; updated: number };

const post = async <T,>(csv: string, query: string): Promise<T> => {
  const response = await fetch(`/api/dashboard/vehicles/import?${query}`, { method: "POST", headers: { "content-type": "text/csv" }, body: csv });
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok) throw new Error(body?.message ?? `The server answered ${response.status}.`);
  return body as T;
};

const ProblemList = ({ problems, fileName }: { problems: Problem[]; fileName: string }) => (
  <div className="alert alert-error" role="alert">
    <p>
      <strong>
        {problems.length} {problems.length === 1 ? "row" : "rows"} of {fileName} cannot be imported.
      </strong>{" "}
      Nothing was imported. Fix {problems.length === 1 ? "it" : "them"} and choose the file again.
    </p>
    <ScrollRegion label="Rows that cannot be imported">
      <table className="data" data-testid="csv-problems">
        <thead>
          <tr>
            <th>Line</th>
            <th>Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem) => (
            <tr key={`${problem.line}-${problem.message}`}>
              <td>{problem.line}</td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  </div>
);

/** Choose a file → the server checks every row (preview) → import all or nothing, existing VINs updated or refused. */
export const VehicleImport = () => {
  const [state, setState] = useState<State>({ step: "choose" });
  const [onExisting, setOnExisting] = useState<"update" | "refuse">("update");
  // What the server is doing for the user right now, said in the one status line.
  const [working, setWorking] = useState<"Checking…" | "Importing…" | null>(null);
  const busy = working !== null;

  const check = async (file: File | undefined) => {
    if (!file) return;
    setWorking("Checking…");
    try {
      const csv = await file.text();
      setState({ step: "checked", csv, fileName: file.name, preview: await post<Preview>(csv, "mode=preview") });
    } catch (error) {
      setState({ step: "choose", error: (error as Error).message });
    } finally {
      setWorking(null);
    }
  };

  const importFile = async () => {
    if (state.step !== "checked") return;
    setWorking("Importing…");
    try {
      const result = await post<ImportResult>(state.csv, `mode=import&onExisting=${onExisting}`);
      setState(
        result.imported
          ? { step: "done", created: result.created, updated: result.updated }
          : { ...state, preview: { ...state.preview, problems: result.problems } },
      );
    } catch (error) {
      setState({ ...state, error: (error as Error).message });
    } finally {
      setWorking(null);
    }
  };

  if (state.step === "done") {
    return (
      <div className="alert alert-info" role="status">
        <p>
          Imported: {state.created} new {state.created === 1 ? "vehicle" : "vehicles"}, {state.updated} updated.
        </p>
        <Link href="/vehicles">Back to Vehicles</Link>
      </div>
    );
  }

  const preview = state.step === "checked" ? state.preview : null;
  return (
    <div className="form">
      <div className="field">
        <label htmlFor="vehicle-csv">CSV file</label>
        <input
          id="vehicle-csv"
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(event) => {
            // Cleared after reading, so choosing the same (fixed) file again checks it again.
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            void check(file);
          }}
        />
      </div>
      {state.error && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
      {working && <p role="status">{working}</p>}
      {state.step === "checked" && preview && preview.problems.length > 0 && <ProblemList problems={preview.problems} fileName={state.fileName} />}
      {state.step === "checked" && preview && preview.problems.length === 0 && (
        <>
          {/* prettier-ignore */}
          <p role="status" data-testid="csv-preview">
            {state.fileName}: {preview.rows} {preview.rows === 1 ? "vehicle" : "vehicles"}, all valid;{" "}
            {preview.rows - preview.existing} new, {preview.existing} with a VIN already here.
          </p>
          {preview.existing > 0 && (
            <fieldset>
              <legend>Vehicles whose VIN is already here</legend>
              <label className="checkbox-row">
                <input type="radio" name="onExisting" value="update" checked={onExisting === "update"} onChange={() => setOnExisting("update")} /> Update them
                with the file&apos;s values
              </label>
              <label className="checkbox-row">
                <input type="radio" name="onExisting" value="refuse" checked={onExisting === "refuse"} onChange={() => setOnExisting("refuse")} /> Refuse the
                import
              </label>
            </fieldset>
          )}
          <div className="form-actions">
            <ClientButton className="button-primary" disabled={busy} onClick={() => void importFile()}>
              Import {preview.rows} {preview.rows === 1 ? "vehicle" : "vehicles"}
            </ClientButton>
          </div>
        </>
      )}
    </div>
  );
};
