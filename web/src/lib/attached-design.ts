/** A showroom design a project inquiry is about ("Enquire about this design"), with the finish chosen. */
export interface AttachedDesign {
  modelId: string;
  name: string;
  variant?: string;
}

/** "Kitchen Island (Walnut)". */
export const designLabel = (design: AttachedDesign) => `${design.name}${design.variant ? ` (${design.variant})` : ''}`;
