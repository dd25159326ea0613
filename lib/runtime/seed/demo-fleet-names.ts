/** Deterministic, plausible names for the demo fleet (no network, no randomness across runs). */
const FIRST_NAMES = ["James", "Maria", "Robert", "Linda", "Michael", "Patricia", "David", "Jennifer", "Carlos", "Aisha", "Daniel", "Karen", "Luis", "Susan", "Kevin", "Nancy", "Marcus", "Emily", "Tomasz", "Grace", "Andre", "Rosa", "Brian", "Olga", "Hector", "Megan", "Samuel", "Keisha", "Victor", "Laura"];
const LAST_NAMES = ["Johnson", "Garcia", "Smith", "Kowalski", "Brown", "Martinez", "Davis", "Nguyen", "Wilson", "Lopez", "Anderson", "Thomas", "Jackson", "White", "Harris", "Clark", "Lewis", "Walker", "Hall", "Young", "Allen", "King", "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Hill", "Ramirez"];
const MODELS = [
  { make: "Freightliner", model: "M2 106", typeId: 1, typeName: "Truck", subType: "Box truck" },
  { make: "Mack", model: "LR Electric", typeId: 2, typeName: "Refuse truck", subType: "Rear loader" },
  { make: "Peterbilt", model: "520", typeId: 2, typeName: "Refuse truck", subType: "Front loader" },
  { make: "International", model: "HV607", typeId: 1, typeName: "Truck", subType: null },
  { make: "Ford", model: "Transit 350", typeId: 3, typeName: "Van", subType: null },
  { make: "Kenworth", model: "T880", typeId: 4, typeName: "Tractor", subType: "Roll-off" },
] as const;

export const driverName = (index: number) =>
  `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[(index * 7 + Math.floor(index / LAST_NAMES.length)) % LAST_NAMES.length]}`;

export const vehicleModel = (index: number) => MODELS[index % MODELS.length];

export const plateNumber = (prefix: string, index: number) =>
  `${prefix}${String.fromCharCode(65 + (index % 26))}${String(1000 + ((index * 37) % 9000))}`;
