"use client";

import { Link } from "@/components/ui/link";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { useActionForm } from "@/components/ui/use-action-form";
import { deleteTagAction, saveTagAction } from "./actions";

type TagItem = { id: number; label: string; name: string; parentTagId: number | null; parentName: string | null; vehicleIds: number[]; driverIds: number[] };
type Option = { id: number; name: string };

const FieldError = ({ id, message }: { id: string; message?: string }) =>
  message ? (
    <span className="field-error" id={id} role="alert">
      {message}
    </span>
  ) : null;

/** Create (no `tag`) or edit a tag: name, parent, vehicles and drivers. */
const TagForm = ({ tag, tags, vehicles, drivers }: { tag: TagItem | null; tags: TagItem[]; vehicles: Option[]; drivers: Option[] }) => {
  const { props, pending, error, formError, typed } = useActionForm(saveTagAction.bind(null, tag?.id ?? null));
  const prefix = tag ? `tag-${tag.id}` : "tag-new";
  const described = (field: string) => (error(field) ? { "aria-invalid": true, "aria-describedby": `${prefix}-${field}-error` } : {});
  return (
    <form {...props} className="form" aria-label={tag ? `Edit tag ${tag.name}` : "New tag"} noValidate>
      <h2>{tag ? `Edit ${tag.name}` : "New tag"}</h2>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${prefix}-name`}>Name</label>
          <input id={`${prefix}-name`} name="name" defaultValue={typed.value("name", tag?.name ?? "")} autoComplete="off" {...described("name")} />
          <FieldError id={`${prefix}-name-error`} message={error("name")} />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-parent`}>Parent tag</label>
          <select
            id={`${prefix}-parent`}
            name="parentTagId"
            defaultValue={typed.value("parentTagId", tag?.parentTagId ? String(tag.parentTagId) : "")}
            {...described("parentTagId")}
          >
            <option value="">None (top level)</option>
            {tags
              .filter((other) => other.id !== tag?.id)
              .map((other) => (
                <option key={other.id} value={String(other.id)}>
                  {other.label}
                </option>
              ))}
          </select>
          <FieldError id={`${prefix}-parentTagId-error`} message={error("parentTagId")} />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-vehicles`}>Vehicles</label>
          <select
            id={`${prefix}-vehicles`}
            name="vehicles"
            multiple
            size={6}
            defaultValue={typed.values("vehicles", (tag?.vehicleIds ?? []).map(String))}
            {...described("vehicles")}
          >
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={String(vehicle.id)}>
                {vehicle.name}
              </option>
            ))}
          </select>
          <FieldError id={`${prefix}-vehicles-error`} message={error("vehicles")} />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-drivers`}>Drivers</label>
          <select
            id={`${prefix}-drivers`}
            name="drivers"
            multiple
            size={6}
            defaultValue={typed.values("drivers", (tag?.driverIds ?? []).map(String))}
            {...described("drivers")}
          >
            {drivers.map((driver) => (
              <option key={driver.id} value={String(driver.id)}>
                {driver.name}
              </option>
            ))}
          </select>
          <FieldError id={`${prefix}-drivers-error`} message={error("drivers")} />
        </div>
      </div>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={pending}>
          {pending ? "Saving…" : tag ? "Save tag" : "Create tag"}
        </button>
        {tag && (
          <Link href="/settings/tags" className="button-link">
            Cancel
          </Link>
        )}
      </div>
    </form>
  );
};

/** The company's tag tree with member counts; one form creates or edits (`?edit=<id>`). */
export const TagsScreen = ({ tags, vehicles, drivers, editId }: { tags: TagItem[]; vehicles: Option[]; drivers: Option[]; editId: number | null }) => {
  const editing = tags.find((tag) => tag.id === editId) ?? null;
  return (
    <>
      <TagForm key={editing?.id ?? "new"} tag={editing} tags={tags} vehicles={vehicles} drivers={drivers} />
      {tags.length === 0 ? (
        <p className="muted">No tags yet.</p>
      ) : (
        <ScrollRegion label="Tags">
          <table className="data cards-on-phone" data-testid="tags-table">
            <thead>
              <tr>
                <th>Tag</th>
                <th>Parent</th>
                <th>Vehicles</th>
                <th>Drivers</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {tags.map((tag) => (
                <tr key={tag.id}>
                  <td className="card-title">{tag.label}</td>
                  <td data-label="Parent">{tag.parentName ?? <span className="muted">—</span>}</td>
                  <td data-label="Vehicles">{tag.vehicleIds.length}</td>
                  <td data-label="Drivers">{tag.driverIds.length}</td>
                  <td>
                    <div className="actions">
                      <Link href={`/settings/tags?edit=${tag.id}`} aria-label={`Edit ${tag.name}`} className="button button-small">
                        Edit
                      </Link>
                      <form action={deleteTagAction.bind(null, tag.id)}>
                        <button type="submit" className="button-danger button" aria-label={`Delete ${tag.name}`}>
                          Delete
                        </button>
                      </form>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
};
