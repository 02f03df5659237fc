export default function ShowroomPage() {
  return <h1>Virtual Showroom</h1>;
}
