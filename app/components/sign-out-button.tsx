import { Form, href } from "react-router";

/** Signing out changes state, so it is a POST (a form with one button), never a link. */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action={href("/logout")} className="contents">
      <button type="submit" className={className}>
        Logga ut
      </button>
    </Form>
  );
}
