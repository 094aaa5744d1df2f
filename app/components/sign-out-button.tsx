import { Form, href } from "react-router";

/** Signing out changes state, so it is a POST (a form with one button), never a link. */
export function SignOutButton({ className, label = "Logga ut" }: { className?: string; label?: string }) {
  return (
    <Form method="post" action={href("/logout")} className="contents">
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}
