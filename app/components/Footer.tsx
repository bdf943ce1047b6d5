export function Footer({ shopName }: { shopName: string }) {
  return (
    <footer className="py-3 mt-5 bg-dark text-white-50 text-center">
      <p className="mb-0">
        {shopName} - {new Date().getFullYear()}, All Rights Reserved
      </p>
    </footer>
  );
}
