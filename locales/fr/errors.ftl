# Les refus des limites (trop de requêtes, un serveur plein), dits sur une page ; l'API les
# dit en anglais.

# « cet appareil a envoyé trop de requêtes d'affilée : réessayez dans 5 secondes. »
refusal-try-again = { $what } : réessayez { $when }.
refusal-when-seconds = { $seconds ->
    [one] dans une seconde
   *[other] dans { $seconds } secondes
}
refusal-when-minutes = { $minutes ->
    [one] dans une minute
   *[other] dans { $minutes } minutes
}
refusal-server-full = le serveur est plein de pages ouvertes : fermez-en quelques-unes, ou réessayez dans une minute
# Ce qui était de trop.
limit-writes = cet appareil a envoyé trop de requêtes d'affilée
limit-events = cet appareil a créé autant de soirées (et de séries) qu'une heure le permet
limit-seatings = la ronde 1 a été replacée aussi souvent qu'une minute le permet
limit-entries = cet appareil a ajouté autant d'inscrits qu'une minute le permet
limit-pages = cet appareil a demandé trop de pages d'affilée (un projecteur ou une page de classement se met à jour tout seul : gardez-le ouvert plutôt que de le recharger)
limit-streams = cet appareil a trop de pages en direct ouvertes ; fermez-en quelques-unes
limit-picks = cet appareil a choisi autant de places qu'une heure le permet (si une place choisie n'est pas la vôtre, demandez à l'hôte de la libérer)
limit-passwords-busy = Le serveur vérifie beaucoup de mots de passe en ce moment
limit-wrong-passwords = Trop de mauvais mots de passe pour cette console (le lien d'hôte l'ouvre toujours)
