# Ce que toutes les pages partagent : le cadre (bandeau, lien d'évitement, pied de page), le
# choix de la langue, et les mots de nombreuses pages.

## Le choix de la langue : le nom de chaque langue dans ses propres mots.
# The language's name inside a sentence ("en français"): lower case where the language writes it so.
language-name-in-sentence = français
language-name = Français
language-chooser = Langue :
language-unknown = La langue « { $lang } » n'existe pas ici : les pages restent comme elles étaient.

## Le cadre de chaque page.
brand = Touring
site-description = Touring organise des tournois de cartes progressifs : les tables jouent au Touring ou au Mille Bornes sur téléphone ou avec de vraies cartes, en rondes qui commencent et finissent ensemble ; les gagnants changent de table, et le meilleur total l'emporte.
skip-to-content = Aller au contenu
nav-event = Soirée
nav-console = Console
nav-projector = Projecteur
nav-standings = Classement
flash-qr-label = Code QR du lien

## Des mots de nombreuses pages.
points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
rounds = { $count ->
    [one] { $count } ronde
   *[other] { $count } rondes
}
# Après un nombre de secondes : « 20 s restantes ».
seconds-left = { $seconds ->
    [one] s restante
   *[other] s restantes
}
# Un libellé et sa valeur : « Bornes : 450 ».
label-value = { $label } : { $value }
seconds-short = s
tag-you = vous
tag-to-play = à jouer
tag-confirmed = confirmée
tag-to-confirm = à confirmer
unit-mi = mi
unit-pts = pts
clock-paused = { $clock } (en pause)
clock-ready = Prêts
clock-time = Terminé
# Les noms d'une liste : « Ann et Bob » (et de nouveau pour chaque nom de plus).
list-and = { $first } et { $last }
# Un score dans l'unité du jeu ; $unit vaut « miles » ou « points ».
score-in-unit = { $score } { $unit ->
    [points] { $score ->
        [one] point
       *[other] points
    }
   *[other] { $score ->
        [one] mille
       *[other] milles
    }
}
# Une place au classement, ou un prix : « 1er », « 2e ».
place = { NUMBER($place, type: "ordinal") ->
    [one] { $place }er
   *[other] { $place }e
}
place-joint = { NUMBER($place, type: "ordinal") ->
    [one] { $place }er
   *[other] { $place }e
} ex æquo

## Les mots du script de la page (ce qu'il annonce et écrit), donnés par la page.
script-minute-left = Plus qu'une minute dans la ronde.
script-time-up = C'est l'heure : la ronde est arrêtée.
script-sound-on = Son activé
script-your-turn = À vous de jouer.
script-play-anyway = Oui, la jouer quand même
script-unsent = Pas envoyé : pas de connexion. Ce sera renvoyé au retour de la connexion.
script-unsent-note = Pas envoyé : pas de connexion. Ce sera renvoyé au retour de la connexion, ou touchez de nouveau le coup.
script-moved-on = La connexion est revenue, et la table a continué sans vous : le coup touché hors ligne n'a pas été renvoyé. Voici la table telle qu'elle est.
