"""The web edge: the Flask app, the webhook, its thin handlers, request-body limits."""
