/** The rooms a project inquiry can be about, with their labels. */
export const inquiryRooms = ['kitchen', 'bathroom', 'laundry', 'wardrobe', 'study'] as const;
export type InquiryRoom = (typeof inquiryRooms)[number];
export const inquiryRoomLabels: Record<InquiryRoom, string> = {
  kitchen: 'Kitchen',
  bathroom: 'Bathroom',
  laundry: 'Laundry',
  wardrobe: 'Wardrobe',
  study: 'Study',
};
